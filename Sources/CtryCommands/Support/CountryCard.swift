import CountryKit
import CtryShell

/// Country cards: the full card of `details` and `deal`, the short one of `home`.
enum CountryCard {
  static func title(_ country: Country) -> String {
    "\(country.flagEmoji)  \(country.name.common)"
  }

  static func full(_ country: Country, in catalog: CountryCatalog) -> Card {
    var fields: [Card.Field] = []
    func add(_ label: String, _ value: String?) {
      if let value, !value.isEmpty { fields.append(.init(label, value)) }
    }
    let native = Set((country.name.nativeName ?? [:]).values.map(\.common)).subtracting([country.name.common])
    add("Native name", native.sorted().joined(separator: ", "))
    add("Capital", capitals(country))
    add("Government", country.governmentType)
    add("Region", [country.region, country.subregion].compactMap { $0 }.joined(separator: " · "))
    add("Population", country.population.map(NumberFormat.grouped))
    add("Area", country.area.map { NumberFormat.grouped($0) + " km²" })
    add("Currencies", currencies(country))
    add("Languages", (country.languages ?? [:]).values.sorted().joined(separator: ", "))
    let neighbours = catalog.neighbours(of: country).map(\.name.common)
    add("Borders", neighbours.isEmpty ? "none (no land borders)" : neighbours.joined(separator: ", "))
    add("Timezones", country.timezones?.joined(separator: ", "))
    add("Calling code", country.idd?.codes.joined(separator: ", "))
    add("TLD", country.tld?.joined(separator: ", "))
    add("Member of", country.memberOf.map(Membership.displayName).joined(separator: ", "))
    add("Driving side", country.car?.side)
    add("Codes", [country.cca2, country.cca3, country.ccn3].compactMap { $0 }.joined(separator: " · "))
    add("Map", country.maps?.openStreetMaps ?? country.maps?.googleMaps)
    return Card(title: title(country), subtitle: country.name.official, fields: fields)
  }

  static func brief(_ country: Country, extra: [Card.Field] = []) -> Card {
    var fields: [Card.Field] = []
    if let capital = country.capital?.joined(separator: ", "), !capital.isEmpty {
      fields.append(.init("Capital", capital))
    }
    if let money = currencies(country) { fields.append(.init("Currency", money)) }
    return Card(title: title(country), subtitle: country.name.official, fields: fields + extra)
  }

  /// `Sucre (constitutional, judicial), La Paz (executive, legislative)` when the data names the
  /// capitals' roles (v5), else the names.
  static func capitals(_ country: Country) -> String? {
    if let roles = country.capitalRoles, roles.count > 1 {
      return roles.map { capital in
        let named = capital.roles.filter { $0 != "primary" }
        return named.isEmpty ? capital.name : "\(capital.name) (\(named.joined(separator: ", ")))"
      }.joined(separator: ", ")
    }
    return country.capital?.joined(separator: ", ")
  }

  /// `EGP Egyptian pound (£); USD …`
  static func currencies(_ country: Country) -> String? {
    let entries = (country.currencies ?? [:]).sorted { $0.key < $1.key }
    guard !entries.isEmpty else { return nil }
    return entries.map { code, currency in
      "\(code) \(currency.name)" + (currency.symbol.map { " (\($0))" } ?? "")
    }.joined(separator: "; ")
  }
}
