/// What a list of countries shows of each (the standard table, `borders --depth`, a card's
/// neighbours, completion): read from the index, so a list decodes no record.
public struct CountryRow: Sendable, Equatable {
  public let cca2: String
  public let cca3: String
  /// The common name.
  public let name: String
  /// As `Country.flagEmoji` gives it.
  public let flag: String
  public let capitals: [String]
  public let region: String
  public let population: Int?

  init(
    cca2: String, cca3: String, name: String, flag: String, capitals: [String], region: String, population: Int?
  ) {
    self.cca2 = cca2
    self.cca3 = cca3
    self.name = name
    self.flag = flag
    self.capitals = capitals
    self.region = region
    self.population = population
  }

  init(_ country: Country) {
    self.init(
      cca2: country.cca2, cca3: country.cca3, name: country.name.common, flag: country.flagEmoji,
      capitals: country.capital ?? [], region: country.region, population: country.population)
  }
}
