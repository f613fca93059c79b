import CountryModel
import CountryNetwork
import CtryOutput

/// Country cards: the full card of `details` and `deal`, the short one of `home`.
enum CountryCard {
  static func title(_ country: Country) -> String {
    "\(country.flagEmoji)  \(country.name.common)"
  }

  static func full(_ country: Country, in catalog: CountryCatalog) -> Card {
    var fields: [Card.Field] = []
    fields.reserveCapacity(24)
    func add(_ label: String, _ value: String?, raw: Cell? = nil, data: [Card.Datum]? = nil) {
      if let value, !value.isEmpty { fields.append(.init(label, value, raw: raw, data: data)) }
    }
    let native = Set((country.name.nativeName ?? [:]).values.map(\.common)).subtracting([country.name.common])
    add("Native name", native.sorted().joinedText(separator: ", "))
    add("Capital", capitals(country))
    add("Government", country.governmentType)
    let sovereign = country.parent.flatMap { catalog.country(code: $0) }
    let sovereignty = Sovereignty.describe(country, sovereign: sovereign)
    add("Sovereignty", sovereignty, data: sovereigntyData(country, sovereign, line: sovereignty))
    var region: [Card.Datum] = [.init("region", .text(country.region))]
    if let subregion = country.subregion { region.append(.init("subregion", .text(subregion))) }
    add("Region", country.subregion.map { "\(country.region) · \($0)" } ?? country.region, data: region)
    if let population = country.population {
      var data: [Card.Datum] = [.init("population", .integer(population))]
      if let year = country.populationYear { data.append(.init("population_year", .integer(year))) }
      add("Population", self.population(country), data: data)
    }
    add("Area", country.area.map { NumberFormat.grouped($0) + " km²" }, raw: country.area.map(Cell.number))
    add("Currencies", currencies(country))
    add("Languages", (country.languages ?? [:]).values.sorted().joinedText(separator: ", "))
    if let demonym = country.demonyms?["eng"], let word = demonym.m ?? demonym.f, !word.isEmpty {
      let female = demonym.f.flatMap { $0.isEmpty || $0 == word ? nil : $0 }
      var data: [Card.Datum] = [.init("demonym", .text(word))]
      if let female { data.append(.init("demonym_f", .text(female))) }
      add("Demonym", female.map { "\(word) (m.), \($0) (f.)" } ?? word, data: data)
    }
    let neighbours = catalog.neighbourNames(of: country)
    add(
      "Borders", neighbours.isEmpty ? "none (no land borders)" : neighbours.joinedText(separator: ", "),
      raw: neighbours.isEmpty ? .empty : nil)
    add("Timezones", country.timezones?.joinedText(separator: ", "))
    add("Calling code", country.idd?.codes.joinedText(separator: ", "))
    add("TLD", country.tld?.joinedText(separator: ", "))
    if let postal = country.postalCode, let format = postal.format ?? postal.regex {
      var data: [Card.Datum] = [.init("postal_code_format", postal.format.map(Cell.text) ?? .empty)]
      if let regex = postal.regex { data.append(.init("postal_code_regex", .text(regex))) }
      add("Postal code", postalFormat(format), data: data)
    }
    // The UN is on the Sovereignty line.
    add(
      "Member of",
      country.memberOf.filter { $0 != Membership.un }.map(Membership.displayName).joinedText(separator: ", "))
    add("Driving side", country.car?.side)
    var codes: [Card.Datum] = [.init("cca2", .text(country.cca2)), .init("cca3", .text(country.cca3))]
    if let ccn3 = country.ccn3 { codes.append(.init("ccn3", .text(ccn3))) }
    add(
      "Codes", "\(country.cca2) · \(country.cca3)" + (country.ccn3.map { " · \($0)" } ?? ""), data: codes)
    add("IOC code", country.cioc, data: country.cioc.map { [.init("cioc", .text($0))] })
    add("Map", country.maps?.openStreetMaps ?? country.maps?.googleMaps)
    return Card(title: title(country), subtitle: country.name.official, fields: fields, head: head(country))
  }

  /// What programs get for the Sovereignty line: the line itself (`line`, as `Sovereignty.describe`
  /// words it), then its facts apart (`independent`, `un_member`, `parent` as a cca3 code,
  /// `dependency_type`, `disputed`).
  static func sovereigntyData(_ country: Country, _ sovereign: Country?, line: String?) -> [Card.Datum] {
    var data: [Card.Datum] = []
    if let line { data.append(.init("sovereignty", .text(line))) }
    if let independent = country.independent { data.append(.init("independent", .text(String(independent)))) }
    if let member = country.unMember { data.append(.init("un_member", .text(String(member)))) }
    if let parent = country.parent { data.append(.init("parent", .text(sovereign?.cca3 ?? parent))) }
    if let kind = country.dependencyType { data.append(.init("dependency_type", .text(kind))) }
    if let disputed = country.disputed { data.append(.init("disputed", .text(String(disputed)))) }
    return data
  }

  /// What programs get for the title: the name, the flag and the official name, each a row of its own.
  static func head(_ country: Country) -> [Card.Datum] {
    [
      .init("name", .text(country.name.common)), .init("flag", .text(country.flagEmoji)),
      .init("official", .text(country.name.official)),
    ]
  }

  /// GeoNames' pattern for people: `@# #@@, @## #@@ (# digit, @ letter)`.
  static func postalFormat(_ format: String) -> String {
    let bytes = format.utf8
    let text = bytes.contains(UInt8(ascii: "|")) ? format.split(separator: "|").joined(separator: ", ") : format
    switch (bytes.contains(UInt8(ascii: "#")), bytes.contains(UInt8(ascii: "@"))) {
    case (true, true): return text + " (# digit, @ letter)"
    case (true, false): return text + " (# digit)"
    case (false, true): return text + " (@ letter)"
    case (false, false): return text
    }
  }

  /// `104,124,000 (2021)`: the figure with the year it counts, when the data says.
  static func population(_ country: Country) -> String? {
    guard let population = country.population else { return nil }
    return NumberFormat.grouped(population) + (country.populationYear.map { " (\($0))" } ?? "")
  }

  static func brief(_ country: Country, extra: [Card.Field] = []) -> Card {
    var fields: [Card.Field] = []
    if let capital = country.capital?.joinedText(separator: ", "), !capital.isEmpty {
      fields.append(.init("Capital", capital))
    }
    if let money = currencies(country) { fields.append(.init("Currencies", money)) }
    return Card(title: title(country), subtitle: country.name.official, fields: fields + extra, head: head(country))
  }

  /// `Sucre (constitutional, judicial), La Paz (executive, legislative)` when the data names the
  /// capitals' roles (v5), else the names.
  static func capitals(_ country: Country) -> String? {
    if let roles = country.capitalRoles, roles.count > 1 {
      return roles.map { capital in
        let named = capital.roles.filter { $0 != "primary" }
        return named.isEmpty ? capital.name : "\(capital.name) (\(named.joinedText(separator: ", ")))"
      }.joinedText(separator: ", ")
    }
    return country.capital?.joinedText(separator: ", ")
  }

  /// `EGP Egyptian pound (£); USD …`
  static func currencies(_ country: Country) -> String? {
    let entries = (country.currencies ?? [:]).sorted { $0.key < $1.key }
    guard !entries.isEmpty else { return nil }
    return entries.map { code, currency in currency.label(code: code) }.joinedText(separator: "; ")
  }
}
