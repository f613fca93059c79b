/// An immutable, indexed set of countries: lookup by every code, a folded name index, the border graph.
///
/// Built once per dataset; `CountryStore` swaps whole catalogs, so readers (commands, the completer)
/// never see a half-updated index.
public final class CountryCatalog: Sendable {
  /// All countries, sorted by common name.
  public let countries: [Country]
  let byCode: [String: Int]
  let names: [NameEntry]
  /// Land neighbours of each country, by index into `countries`, sorted by common name.
  let adjacency: [[Int]]

  public init(countries unsorted: [Country]) {
    let countries = unsorted.sorted { $0.name.common.localizedStandardLess($1.name.common) }
    var byCode: [String: Int] = [:]
    var names: [NameEntry] = []
    names.reserveCapacity(countries.count * 40)
    for (index, country) in countries.enumerated() {
      for code in [country.cca3, country.cca2, country.ccn3, country.cioc].compactMap({ $0 }) where !code.isEmpty {
        let key = code.uppercased()
        if byCode[key] == nil { byCode[key] = index }
      }
      func add(_ text: String?, _ field: NameField) {
        guard let text, !text.isEmpty else { return }
        let key = TextFolding.fold(text)
        if !key.isEmpty { names.append(NameEntry(key: key, country: index, field: field)) }
      }
      add(country.name.common, .common)
      add(country.name.official, .official)
      country.altSpellings?.forEach { add($0, .altSpelling) }
      country.name.nativeName?.values.forEach {
        add($0.common, .native)
        add($0.official, .native)
      }
      country.translations?.values.forEach {
        add($0.common, .translation)
        add($0.official, .translation)
      }
      country.capital?.forEach { add($0, .capital) }
    }
    self.countries = countries
    self.byCode = byCode
    self.names = names
    self.adjacency = countries.map { country in
      (country.borders ?? []).compactMap { byCode[$0.uppercased()] }.sorted()
    }
  }

  public var count: Int { countries.count }

  /// The country with this cca2, cca3, ccn3 or cioc code (any case).
  public func country(code: String) -> Country? {
    byCode[code.uppercased()].map { countries[$0] }
  }

  func index(of country: Country) -> Int? {
    byCode[country.cca3.uppercased()]
  }
}

private extension String {
  /// Case- and diacritics-insensitive ordering for display ("Åland Islands" sorts with the A's).
  func localizedStandardLess(_ other: String) -> Bool {
    let a = TextFolding.fold(self)
    let b = TextFolding.fold(other)
    return a == b ? self < other : a < b
  }
}
