import CountryModel
import CtryOutput

/// Country cards: the full card of `details` and `deal` (from `Facts`), the short one of `home`.
enum CountryCard {
  /// The flag and the name, in `names`' language when given.
  static func title(_ country: Country, names: LocalNames? = nil) -> String {
    "\(country.flagEmoji)  \(names?.name(of: country.cca3, else: country.name.common) ?? country.name.common)"
  }

  /// The card of every fact `Facts.all` declares a line for, in its order; titled in `names`'
  /// language when given.
  static func full(_ country: Country, in catalog: CountryCatalog, names: LocalNames? = nil) -> Card {
    var card = Card(
      title: title(country, names: names), subtitle: country.name.official,
      fields: Facts.all.compactMap { $0.field(country, in: catalog) }, head: head(country, names: names))
    card.headAddedToRecord = [Facts.localName.key]
    return card
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

  /// What programs get for the title: the name, the flag and the official name, each a row of its own;
  /// in another language than English, the name in it too (`Facts.localName`), the name staying English.
  static func head(_ country: Country, names: LocalNames? = nil) -> [Card.Datum] {
    [
      .init("name", .text(country.name.common)), .init("flag", .text(country.flagEmoji)),
      .init("official", .text(country.name.official)),
    ] + (names.map { [Facts.localName.datum(country.cca3, english: country.name.common, in: $0)] } ?? [])
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

  /// `84,012,284 (2025 est., CIA World Factbook)`: the figure with the year it counts and where it
  /// comes from, as far as the data says; `84,012,284 (2025)` without the source.
  static func population(_ country: Country, withSource: Bool = true) -> String? {
    guard let population = country.population else { return nil }
    let source = withSource ? country.populationSource : nil
    let about = [country.populationYear.map(String.init), source].compactMap { $0 }
    return NumberFormat.grouped(population) + (about.isEmpty ? "" : " (\(about.joined(separator: " ")))")
  }

  /// What programs get for the population: the figure, its year and its source, each as the data has it.
  static func populationData(_ country: Country) -> [Card.Datum] {
    [
      .init("population", country.population.map(Cell.integer) ?? .empty),
      .init("population_year", country.populationYear.map(Cell.integer) ?? .empty),
      .init("population_source", country.populationSource.map(Cell.text) ?? .empty),
    ]
  }

  /// `81.9 years (2024)`: a figure worded by `words`, with its year.
  static func figure(_ figure: YearFigure, _ words: (String) -> String) -> String {
    words(NumberFormat.grouped(figure.value)) + " (\(figure.year))"
  }

  static func brief(_ country: Country, extra: [Card.Field] = [], names: LocalNames? = nil) -> Card {
    var fields: [Card.Field] = []
    if let capital = country.capital?.joinedText(separator: ", "), !capital.isEmpty {
      fields.append(.init("Capital", capital))
    }
    if let money = currencies(country) { fields.append(.init("Currencies", money)) }
    var card = Card(
      title: title(country, names: names), subtitle: country.name.official, fields: fields + extra,
      head: head(country, names: names))
    card.headAddedToRecord = [Facts.localName.key]
    return card
  }

  /// `Sucre (constitutional, judicial), La Paz (executive, legislative)` when the data names the
  /// capitals' roles (the bundled data for the countries with several, or v5), else the names.
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
