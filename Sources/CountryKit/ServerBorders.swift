import CountryModel

/// A server's borders, checked before they reach the catalog: each is a code of another country
/// of the same dataset, once.
enum ServerBorders {
  /// `countries` with each one's `borders` as the alpha-3 codes of the other countries of the list
  /// that they name (by any of their codes, as the catalog resolves a code), each once, in the
  /// server's order; a code that names no country of the list, or the country itself, is left out.
  /// So a record names at most one fewer neighbours than the list has countries, which the
  /// snapshot's border graph holds.
  static func validated(_ countries: [Country]) -> [Country] {
    let positions = CatalogIndex.codePositions(countries)
    var out = countries
    for (position, country) in countries.enumerated() {
      guard let borders = country.borders, !borders.isEmpty else { continue }
      var seen = Set<Int>()
      var codes: [String] = []
      for code in borders {
        guard let neighbour = positions[code.uppercased()], neighbour != position, seen.insert(neighbour).inserted
        else { continue }
        codes.append(countries[neighbour].cca3)
      }
      if codes != borders { out[position].borders = codes }
    }
    return out
  }
}
