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
  /// The order turned round, after sorting and before the limit: population and area smallest
  /// first, names Z to A, the best text matches last.
  public var reverse = false
  public var limit: Int?

  public init(text: String? = nil) {
    self.text = text
  }
}

extension CountryCatalog {
  /// The countries that satisfy every part of `query`: ranked by match quality when there is text,
  /// else by name, unless a sort key is given (population and area sort largest first); `reverse`
  /// turns the order round.
  public func run(_ query: CountryQuery) -> [Country] {
    ordered(query).map { countries[$0.index] }
  }

  /// The positions `run` returns, with what each country matched on when that was not its name
  /// (`capital Cairo`), from the same ranking: the text is matched once, and no record is decoded.
  /// The explanations are worked out when `matched` is called, so output that does not show them
  /// (plain) never pays for them. `typos` says the text matched no name, only names within typo
  /// distance.
  public func runExplained(_ query: CountryQuery) -> (
    positions: [Int], matched: @Sendable () -> [String?], typos: Bool
  ) {
    let items = ordered(query)
    let text = query.text
    return (
      items.map(\.index),
      { [self] in
        var explainer = text.map { HitExplainer(self, query: $0) }
        return items.map { item in
          item.match.flatMap { explainer?.explain(item.index, rank: $0.rank, field: $0.field) }
        }
      },
      items.first?.match?.rank == .typo
    )
  }

  /// The positions of the countries `run` returns, in order (nothing decoded).
  package func positions(_ query: CountryQuery) -> [Int] { ordered(query).map(\.index) }

  /// The indices `run` returns, in order, each with how the text matched it.
  private func ordered(_ query: CountryQuery) -> [(index: Int, match: (rank: MatchRank, field: NameField)?)] {
    var items: [(index: Int, match: (rank: MatchRank, field: NameField)?)] =
      // Blank text is no text; text with nothing to match (`!!!`) matches nothing (`rankedMatches`).
      query.text.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
      .map { rankedMatches($0).map { ($0.index, ($0.rank, $0.field)) } }
      ?? countries.indices.map { ($0, nil) }
    let filters = Filters(query)
    if filters.isActive {
      let facets = index.facets
      items = facets.withUnsafeBufferPointer { facets in
        items.filter { filters.accepts(facets, at: $0.index) }
      }
      // Translations are matched in the name index, which holds them folded.
      if let translation = filters.translation {
        let found = index.secondaryNames.countries(countries.count, with: .translation, containing: translation)
        items = items.filter { found[$0.index] }
      }
    }
    switch query.sort {
    case .name?:
      // Countries are kept in name order; text hits are put back in it.
      if query.text != nil { items.sort { $0.index < $1.index } }
    case .population?:
      let facets = index.facets
      items.sort { facets[$0.index].population > facets[$1.index].population }
    case .area?:
      let facets = index.facets
      items.sort { facets[$0.index].area > facets[$1.index].area }
    case nil:
      break
    }
    if query.reverse { items.reverse() }
    if let limit = query.limit { items = Array(items.prefix(max(0, limit))) }
    return items
  }
}

/// The filters of a query, folded once.
private struct Filters {
  let capital, currency, translation: [UInt8]?
  let region, subregion, language, demonym, currencyCode: String?
  let independent: Bool

  init(_ query: CountryQuery) {
    func folded(_ value: String?) -> String? {
      value.map(TextFolding.fold).flatMap { $0.isEmpty ? nil : $0 }
    }
    capital = folded(query.capital).map { Array($0.utf8) }
    region = folded(query.region)
    subregion = folded(query.subregion)
    language = folded(query.language)
    currencyCode = folded(query.currency)
    currency = currencyCode.map { Array($0.utf8) }
    demonym = folded(query.demonym)
    translation = folded(query.translation).map { Array($0.utf8) }
    independent = query.independent
  }

  var isActive: Bool {
    independent || capital != nil || region != nil || subregion != nil || language != nil || currency != nil
      || demonym != nil || translation != nil
  }

  /// Whether the country at `index` passes; reads its facets in place rather than copying them.
  func accepts(_ facets: UnsafeBufferPointer<FoldedFacets>, at index: Int) -> Bool {
    if independent, !facets[index].independent { return false }
    if let region, facets[index].region != region { return false }
    if let subregion, facets[index].subregion != subregion { return false }
    if let capital, !facets[index].capitals.contains(where: { $0.occurrence(of: capital).found }) { return false }
    if let language, !facets[index].languages.contains(language) { return false }
    if let currencyCode, let currency,
      !facets[index].currencyCodes.contains(currencyCode),
      !facets[index].currencyNames.contains(where: { $0.occurrence(of: currency).found })
    {
      return false
    }
    if let demonym, !facets[index].demonyms.contains(demonym) { return false }
    return true
  }
}
