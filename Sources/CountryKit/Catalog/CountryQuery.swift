/// A search: optional text plus filters that must all hold, a sort key and a limit.
public struct CountryQuery: Sendable, Equatable {
  public enum SortKey: String, Sendable, CaseIterable {
    case name, population, area
  }

  public var text: String?
  public var capital: String?
  public var region: String?
  public var subregion: String?
  public var language: String?
  public var currency: String?
  public var demonym: String?
  public var translation: String?
  public var independent = false
  public var sort: SortKey?
  public var limit: Int?

  public init(text: String? = nil) {
    self.text = text
  }
}

extension CountryCatalog {
  /// The countries that satisfy every part of `query`: ranked by match quality when there is text,
  /// else by name, unless a sort key is given (population and area sort largest first).
  public func run(_ query: CountryQuery) -> [Country] {
    var result: [Country]
    if let text = query.text, !TextFolding.fold(text).isEmpty {
      result = search(text).map(\.country)
    } else {
      result = countries
    }
    let filters = Filters(query)
    result = result.filter(filters.accepts)
    switch query.sort {
    case .name?: result.sort { TextFolding.fold($0.name.common) < TextFolding.fold($1.name.common) }
    case .population?: result.sort { ($0.population ?? -1) > ($1.population ?? -1) }
    case .area?: result.sort { ($0.area ?? -1) > ($1.area ?? -1) }
    case nil: break
    }
    if let limit = query.limit { result = Array(result.prefix(max(0, limit))) }
    return result
  }
}

/// The filters of a query, folded once.
private struct Filters {
  let capital, region, subregion, language, currency, demonym, translation: String?
  let independent: Bool

  init(_ query: CountryQuery) {
    func folded(_ value: String?) -> String? {
      value.map(TextFolding.fold).flatMap { $0.isEmpty ? nil : $0 }
    }
    capital = folded(query.capital)
    region = folded(query.region)
    subregion = folded(query.subregion)
    language = folded(query.language)
    currency = folded(query.currency)
    demonym = folded(query.demonym)
    translation = folded(query.translation)
    independent = query.independent
  }

  func accepts(_ country: Country) -> Bool {
    if independent, country.independent != true { return false }
    if let region, TextFolding.fold(country.region) != region { return false }
    if let subregion, TextFolding.fold(country.subregion ?? "") != subregion { return false }
    if let capital, !(country.capital ?? []).contains(where: { TextFolding.fold($0).contains(capital) }) {
      return false
    }
    if let language {
      let languages = country.languages ?? [:]
      let hit = languages.contains { TextFolding.fold($0.key) == language || TextFolding.fold($0.value) == language }
      if !hit { return false }
    }
    if let currency {
      let currencies = country.currencies ?? [:]
      let hit = currencies.contains {
        TextFolding.fold($0.key) == currency || TextFolding.fold($0.value.name).contains(currency)
      }
      if !hit { return false }
    }
    if let demonym {
      let forms = (country.demonyms ?? [:]).values.flatMap { [$0.f, $0.m].compactMap { $0 } }
      if !forms.contains(where: { TextFolding.fold($0) == demonym }) { return false }
    }
    if let translation {
      let names = (country.translations ?? [:]).values.flatMap { [$0.common, $0.official] }
      if !names.contains(where: { TextFolding.fold($0).contains(translation) }) { return false }
    }
    return true
  }
}
