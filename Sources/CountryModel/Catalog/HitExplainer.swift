/// Says what search hits matched on when it was not the country's common name or a code: `capital
/// Cairo`, `Hungarian name Egyesült Államok`, `also called Holland`.
///
/// An explanation is the first of the country's names of the hit's field, in the index's order (for
/// native names and translations by language, common before official), that matches the query as
/// well as the hit did, shown as it is written. It is read from the name index and its spellings:
/// no record is decoded. One explainer serves every hit of a query, so the query is folded and the
/// tables are fetched once.
struct HitExplainer {
  private let catalog: CountryCatalog
  private let query: [UInt8]
  private let signature: UInt64
  /// The English names and capitals, and the native names and translations, each fetched when a hit
  /// first needs it.
  private var primary: (names: NameTable, spellings: NameSpellings)?
  private var secondary: (names: NameTable, spellings: NameSpellings)?
  private var languages: [String: String]?

  init(_ catalog: CountryCatalog, query text: String) {
    self.catalog = catalog
    query = TextFolding.foldedBytes(text)
    signature = NameTable.querySignature(query)
  }

  /// What the country at `position` matched on, given that it matched with `rank` on `field`; nil
  /// for its common name or a typo.
  mutating func explain(_ position: Int, rank: MatchRank, field: NameField) -> String? {
    guard field != .common, rank != .typo else { return nil }
    let local = field == .native || field == .translation
    let (names, spellings) = table(local: local)
    let query = query
    guard
      let name = names.first(
        ofCountry: position, field: field, signature: signature, where: { MatchRank.of(query, in: $0) == rank }),
      name < spellings.count
    else { return nil }
    let written = spellings.text(name)
    var language: String?
    if let code = spellings.language(name) {
      let languages = languages ?? catalog.languages
      self.languages = languages
      language = CountryCatalog.languageName(code, among: languages)
    }
    switch field {
    case .common: return nil
    case .official: return "official name \(written)"
    case .altSpelling: return "also called \(written)"
    case .capital: return "capital \(written)"
    case .native: return "native name \(written)" + (language.map { " (\($0))" } ?? "")
    case .translation: return language.map { "\($0) name \(written)" } ?? "translated name \(written)"
    }
  }

  private mutating func table(local: Bool) -> (names: NameTable, spellings: NameSpellings) {
    if local, let secondary { return secondary }
    if !local, let primary { return primary }
    let index = catalog.index
    let table =
      local ? (index.secondaryNames, index.secondarySpellings) : (index.primaryNames, index.primarySpellings)
    if local { secondary = table } else { primary = table }
    return table
  }
}
