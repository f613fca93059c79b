import CountryModel
import CtryTestSupport
import Testing

@testable import CountryModel

/// Names and codes rank above capitals and translations, hits say what they matched on, ambiguous
/// words are not guessed, and suggestions are close or absent.
@Suite struct RankingTests {
  let catalog = TestData.catalog

  func hits(_ text: String) -> [SearchHit] { catalog.search(text) }

  @Test func namesRankAboveTranslations() {
    let egy = hits("egy")
    #expect(egy.first?.country.cca3 == "EGY")
    let translated = egy.filter { $0.field == .translation }
    #expect(!translated.isEmpty)
    let firstTranslation = egy.firstIndex { $0.field == .translation } ?? 0
    #expect(egy.prefix(firstTranslation).allSatisfy { $0.field.group < NameField.translation.group })
    #expect(hits("asia").allSatisfy { $0.field != .common }, "no name contains 'asia'")
    #expect(hits("de").first?.country.cca3 == "DEU", "a code ranks first")
  }

  @Test func hitsSayWhatTheyMatched() throws {
    let egy = hits("egy")
    let usa = try #require(egy.first { $0.country.cca3 == "USA" })
    #expect(catalog.explanation(of: usa, for: "egy") == "Hungarian name Egyesült Államok")
    #expect(egy.first.flatMap { catalog.explanation(of: $0, for: "egy") } == nil, "Egypt matched its name")
    let cairo = try #require(hits("cairo").first)
    #expect(catalog.explanation(of: cairo, for: "cairo") == "capital Cairo")
    let congo = try #require(hits("asia").first { $0.country.cca3 == "COD" })
    #expect(catalog.explanation(of: congo, for: "asia")?.hasPrefix("native name Jamhuri ya Kidemokrasia") == true)
  }

  /// Explanations read the name index and its spellings; they name the same name as folding the
  /// record's names of the hit's field in the index's order and taking the first that matches as
  /// well as the hit did: native names and translations by language, common before official;
  /// alternative spellings before the informal names of `OtherNames`. Over every explained hit of
  /// 400 queries taken from the data's translations and native names (whole names and their first
  /// four letters) and of 200 from its official names, alternative spellings and capitals.
  @Test func explanationsAgreeWithFoldingTheRecord() throws {
    func expected(_ hit: SearchHit, _ query: String) -> String? {
      let folded = TextFolding.foldedBytes(query)
      func matches(_ text: String) -> Bool {
        !text.isEmpty && MatchRank.of(folded, in: TextFolding.foldedBytes(text)) == hit.rank
      }
      let country = hit.country
      switch hit.field {
      case .common:
        return nil
      case .official:
        return matches(country.name.official) ? "official name \(country.name.official)" : nil
      case .altSpelling:
        let informal = OtherNames.entries.filter { $0.codes.contains(country.cca3) && $0.kind != .capital }
        return ((country.altSpellings ?? []) + informal.map(\.name)).first(where: matches).map { "also called \($0)" }
      case .capital:
        let others = OtherNames.entries.filter { $0.codes.contains(country.cca3) && $0.kind == .capital }
        return ((country.capital ?? []) + others.map(\.name)).first(where: matches).map { "capital \($0)" }
      case .native, .translation:
        let source = hit.field == .native ? country.name.nativeName : country.translations
        for (language, name) in (source ?? [:]).sorted(by: { $0.key < $1.key }) {
          for text in [name.common, name.official] where matches(text) {
            let english = catalog.languageName(language)
            return hit.field == .native ? "native name \(text) (\(english))" : "\(english) name \(text)"
          }
        }
        return nil
      }
    }
    let local = TestData.countries.flatMap { country in
      (Array((country.translations ?? [:]).values) + Array((country.name.nativeName ?? [:]).values)).map(\.official)
    }
    let english = TestData.countries.flatMap { [$0.name.official] + ($0.altSpellings ?? []) + ($0.capital ?? []) }
    var checked: [NameField: Int] = [:]
    for names in [local, english] {
      for (offset, name) in names.enumerated() where offset % (names.count / 200) == 0 {
        for query in [name, String(name.prefix(4))] {
          for hit in hits(query) where hit.field != .common && hit.rank != .typo {
            #expect(catalog.explanation(of: hit, for: query) == expected(hit, query), "\(query) → \(hit.country.cca3)")
            checked[hit.field, default: 0] += 1
          }
        }
      }
    }
    #expect((checked[.native] ?? 0) + (checked[.translation] ?? 0) > 400)
    for field in [NameField.official, .altSpelling, .capital] { #expect(checked[field] ?? 0 > 20, "\(field)") }
  }

  @Test func anAmbiguousWordListsTheCandidates() {
    guard case .ambiguous(let candidates) = catalog.resolve("america") else {
      Issue.record("'america' should be ambiguous, got \(catalog.resolve("america"))")
      return
    }
    #expect(Set(candidates.map(\.cca3)).isSuperset(of: ["ASM", "USA"]))
    if case .found(let country, _) = catalog.resolve("korea") { Issue.record("korea guessed \(country.name.common)") }
    if case .found(let country, _) = catalog.resolve("Egypt") { #expect(country.cca3 == "EGY") }
    if case .found(let country, _) = catalog.resolve("germ") {
      #expect(country.cca3 == "DEU")
    } else {
      Issue.record("a prefix of one name only resolves")
    }
  }

  @Test func farSuggestionsAreNone() {
    for nonsense in ["atlantis", "narnia", "wakanda"] {
      guard case .notFound(let suggestions) = catalog.resolve(nonsense) else { continue }
      #expect(suggestions.isEmpty, "\(nonsense): \(suggestions.map(\.name.common))")
    }
    guard case .notFound(let close) = catalog.resolve("swtzrlnd") else {
      Issue.record("swtzrlnd resolved")
      return
    }
    #expect(close.first?.cca3 == "CHE", "\(close.map(\.cca3))")
  }

  @Test func noSearchIsSuggestedThatFindsNothing() {
    do {
      _ = try catalog.require("qqqxv zzkw")
      Issue.record("resolved nonsense")
    } catch {
      // The core says a search finds nothing; the shell then offers none (CtryErrorWordingTests).
      #expect(
        error.hint == nil
          && error.fact as? UnknownCountry
            == UnknownCountry(query: "qqqxv zzkw", suggestions: [], searchFinds: false)
      )
    }
  }

  @Test(arguments: [
    ("England", "GBR"), ("Scotland", "GBR"), ("Wales", "GBR"), ("Zaire", "COD"), ("Persia", "IRN"), ("Burma", "MMR"),
    ("Kiev", "UKR"), ("Kyiv", "UKR"), ("Holland", "NLD"),
  ])
  func commonNamesPeopleUse(_ name: String, _ cca3: String) throws {
    guard case .found(let country, _) = catalog.resolve(name) else {
      Issue.record("\(name) does not resolve")
      return
    }
    #expect(country.cca3 == cca3)
    if name != "Kyiv" { #expect(catalog.otherNameNote(name, for: country) != nil, "\(name) has a note") }
    #expect(catalog.search(name).first?.country.cca3 == cca3)
  }

  /// People type the reversed order that catalogues use, and partial words in any order.
  @Test(arguments: [
    ("korea south", "KOR"), ("Korea, South", "KOR"), ("south korea", "KOR"), ("korea north", "PRK"),
    ("Congo, Democratic Republic of the", "COD"), ("congo democratic", "COD"), ("states united", "USA"),
    ("guinea new papua", "PNG"), ("islands solomon", "SLB"),
  ])
  func wordsInAnyOrder(_ text: String, _ cca3: String) {
    guard case .found(let country, _) = catalog.resolve(text) else {
      Issue.record("'\(text)' does not resolve: \(catalog.resolve(text))")
      return
    }
    #expect(country.cca3 == cca3, "\(text)")
    #expect(catalog.search(text).first?.country.cca3 == cca3, "search \(text)")
  }

  @Test func searchKoreaRanksBothKoreasFirst() {
    #expect(Set(hits("korea").prefix(2).map(\.country.cca3)) == ["KOR", "PRK"])
  }
}
