import CountryKit
import CtryTestSupport
import Foundation
import Synchronization
import Testing

@testable import CountryModel
@testable import CountryStorage

/// The index's one stored form: every part round-trips, start-up reads only its parts, damage is an
/// error (start-up) or a rebuild from the records (a part read later), never a crash.
@Suite struct PackedIndexTests {
  /// The parts of `index`, decoded back from their packed form.
  static func unpacked(_ index: CatalogIndex, count: Int) throws -> (CatalogIndex, read: [PackedIndex.Part]) {
    let parts = Dictionary(uniqueKeysWithValues: PackedIndex.pack(index).map { ($0.part, $0.bytes) })
    let read = Mutex<[PackedIndex.Part]>([])
    let decoded = try PackedIndex.index(
      count: count, startUp: parts.filter { PackedIndex.Part.startUp.contains($0.key) },
      later: { part in
        read.withLock { $0.append(part) }
        return parts[part]
      },
      rebuilt: {
        Issue.record("an intact part is never rebuilt")
        return index
      })
    return (decoded, read.withLock { $0 })
  }

  @Test func roundTripsEveryPart() throws {
    let catalog = TestData.catalog
    let built = catalog.index
    let (stored, readAtStart) = try Self.unpacked(built, count: catalog.count)
    #expect(readAtStart.isEmpty, "only the start-up parts are read at once")
    #expect(stored.codes == built.codes)
    #expect(stored.primaryNames == built.primaryNames)
    #expect(stored.secondaryNames == built.secondaryNames)
    #expect(stored.primarySpellings == built.primarySpellings)
    #expect(stored.secondarySpellings == built.secondarySpellings)
    #expect(stored.adjacency == built.adjacency)
    #expect(stored.facets == built.facets)
    #expect(stored.facetValues == built.facetValues)
    #expect(stored.rows == built.rows)
    #expect(PackedIndex.pack(stored).map(\.bytes) == PackedIndex.pack(built).map(\.bytes))
  }

  /// Filters and sorts read the stored facets: no record is decoded, and the answers are those of a
  /// catalog in memory (whose facets fold every record's values).
  @Test func filtersReadStoredFacetsWithoutDecodingRecords() throws {
    let directory = TestPaths.temporaryDirectory()
    let cache = CountryCache(directory: directory, bundledPath: TestPaths.dataset)
    _ = try cache.load()
    let snapshot = try cache.load().snapshot.catalog
    let memory = TestData.catalog
    var queries: [CountryQuery] = []
    for (region, language, sort) in [("Europe", nil, CountryQuery.SortKey.population), (nil, "spa", .area)] {
      var query = CountryQuery()
      query.region = region
      query.language = language
      query.sort = sort
      queries.append(query)
    }
    var translated = CountryQuery()
    translated.translation = "Allemagne"
    translated.independent = true
    queries.append(translated)
    let answers = queries.map { snapshot.positions($0) }
    #expect(snapshot.records.decodedCount == 0, "filters and sorts decode no record")
    for (query, indices) in zip(queries, answers) {
      #expect(indices.map { snapshot.countries[$0].cca3 } == memory.run(query).map(\.cca3), "\(query)")
    }
    // The same facets, whatever order each dictionary listed its values in.
    func normalized(_ facets: [FoldedFacets]) -> [String] {
      facets.map {
        "\($0.region)|\($0.subregion)|\($0.capitals.sorted { $0.lexicographicallyPrecedes($1) })|"
          + "\($0.languages.sorted())|\($0.currencyCodes.sorted())|\($0.currencyNames.sorted { $0.lexicographicallyPrecedes($1) })|"
          + "\($0.demonyms.sorted())|"
          + "\($0.independent)|\($0.population)|\($0.area)"
      }
    }
    #expect(normalized(snapshot.index.facets) == normalized(memory.index.facets))
  }

  /// compare's land routes, its split of unquoted names, and currencies read the index: only the
  /// countries an answer shows are decoded.
  @Test func crossingsNamesAndCurrenciesDecodeOnlyWhatTheyShow() throws {
    let cache = CountryCache(directory: TestPaths.temporaryDirectory(), bundledPath: TestPaths.dataset)
    _ = try cache.load()
    let snapshot = try cache.load().snapshot.catalog
    let egypt = try #require(snapshot.country(code: "EGY"))
    let chad = try #require(snapshot.country(code: "TCD"))
    let japan = try #require(snapshot.country(code: "JPN"))
    let decoded = snapshot.records.decodedCount
    #expect(snapshot.crossings(from: egypt, to: [chad, japan]) == [2, nil])
    #expect(snapshot.isCountryName("United Kingdom of Great Britain and Northern Ireland"))
    #expect(!snapshot.isCountryName("Cairo"), "a capital is not a country's name")
    #expect(snapshot.longestNameWords >= 7)
    #expect(snapshot.currencies == TestData.catalog.currencies)
    #expect(snapshot.records.decodedCount == decoded, "no record decoded on the way")
    let euro = try #require(snapshot.currencies.first { $0.code == "EUR" })
    #expect(snapshot.countries(at: euro.positions).count == euro.userCount)
    #expect(snapshot.records.decodedCount <= decoded + euro.userCount)
  }

  /// A search explains its hits from the index's spellings: no record is decoded for them.
  @Test func explanationsDecodeNoRecord() throws {
    let cache = CountryCache(directory: TestPaths.temporaryDirectory(), bundledPath: TestPaths.dataset)
    _ = try cache.load()
    let snapshot = try cache.load().snapshot.catalog
    let memory = TestData.catalog
    for text in ["z", "republic", "egy", "holland", "asia"] {
      var query = CountryQuery(text: text)
      let explained = snapshot.runExplained(query)
      let matched = explained.matched()
      #expect(matched.contains { $0 != nil }, "\(text)")
      #expect(matched == memory.runExplained(query).matched(), "\(text)")
      query.limit = 3
      #expect(snapshot.runExplained(query).matched() == Array(matched.prefix(3)))
    }
    #expect(snapshot.records.decodedCount == 0, "explanations decode no record")
  }

  @Test func damagedBlobsAreErrorsNotCrashes() throws {
    let index = TestData.catalog.index
    let names = PackedIndex.pack(names: index.primaryNames)
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.names(Array(names.dropLast(3)), count: 250) }
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.names(names, count: 10) }
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.adjacency([0xFF, 0xFF, 0xFF, 0xFF], count: 250) }
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.codes([9, 65], count: 250) }
    let facets = PackedIndex.pack(facets: index.facets)
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.facets(Array(facets.dropLast(1)), count: 250) }
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.facets(facets + [0], count: 250) }
    // A filter compares each country's sorted, distinct values: a list out of order or twice is damage.
    let one = FoldedFacets(
      region: "europe", subregion: "", capitals: [], languages: ["a", "b"], currencyCodes: [], currencyNames: [],
      demonyms: [], independent: true, population: 1, area: 1)
    let packed = PackedIndex.pack(facets: [one])
    #expect(try PackedIndex.facets(packed, count: 1) == [one])
    let sorted: [UInt8] = [1, 0, UInt8(ascii: "a"), 1, 0, UInt8(ascii: "b")]
    for wrong: [UInt8] in [
      [1, 0, UInt8(ascii: "b"), 1, 0, UInt8(ascii: "a")], [1, 0, UInt8(ascii: "a"), 1, 0, UInt8(ascii: "a")],
    ] {
      let start = try #require(
        (0...(packed.count - sorted.count)).first { Array(packed[$0..<$0 + sorted.count]) == sorted })
      var damaged = packed
      damaged.replaceSubrange(start..<start + sorted.count, with: wrong)
      #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.facets(damaged, count: 1) }
    }
    let values = PackedIndex.pack(facetValues: index.facetValues)
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.facetValues(Array(values.dropLast(1)), count: 250) }
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.facetValues(values + [0], count: 250) }
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.facetValues([0xFF, 0xFF, 0xFF, 0xFF], count: 250) }
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.facetValues(values, count: 10) }
    let spellings = PackedIndex.pack(spellings: index.secondarySpellings)
    let count = index.secondaryNames.count
    #expect(try PackedIndex.spellings(spellings, names: count) == index.secondarySpellings)
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.spellings(Array(spellings.dropLast(1)), names: count) }
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.spellings(spellings + [0], names: count) }
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.spellings(spellings, names: count - 1) }
    // The first name's language pointing past the list of codes.
    var language = spellings
    let codesEnd = 12 + index.secondarySpellings.languageCodes.reduce(0) { $0 + 2 + $1.utf8.count }
    for byte in 0..<4 { language[codesEnd + count * 4 + byte] = 0x7F }
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.spellings(language, names: count) }
    let rows = index.rows.bytes
    #expect(try PackedIndex.rows(rows, count: 250) == index.rows)
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.rows(Array(rows.dropLast(1)), count: 250) }
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.rows(rows + [0], count: 250) }
    #expect(throws: PackedIndex.Damaged.self) { try PackedIndex.rows(rows, count: 251) }
  }

  /// A part read after start-up that no longer decodes is built again from the snapshot's records,
  /// by the one builder: the answers stay those of the catalog in memory.
  @Test func aDamagedLaterPartIsRebuiltFromTheRecords() throws {
    let cache = CountryCache(directory: TestPaths.temporaryDirectory(), bundledPath: TestPaths.dataset)
    _ = try cache.load()
    let database = try SQLiteDatabase(path: cache.path, mode: .readWrite)
    try database.execute(
      """
      UPDATE catalog_index SET data = x'FFFF'
      WHERE part IN ('secondary_names', 'facets', 'facet_values', 'primary_spellings', 'secondary_spellings')
      """)
    let loaded = try cache.load()
    #expect(loaded.warning == nil)
    let catalog = loaded.snapshot.catalog
    let memory = TestData.catalog
    #expect(catalog.search("Deutschland").map(\.country.cca3) == memory.search("Deutschland").map(\.country.cca3))
    for (text, cca3) in [("egy", "USA"), ("holland", "NLD"), ("cairo", "EGY")] {
      let hit = try #require(catalog.search(text).first { $0.country.cca3 == cca3 })
      #expect(catalog.explanation(of: hit, for: text) != nil)
      #expect(catalog.explanation(of: hit, for: text) == memory.explanation(of: hit, for: text))
    }
    #expect(catalog.regions == memory.regions && catalog.languages == memory.languages)
    var query = CountryQuery()
    query.region = "Europe"
    query.sort = .area
    #expect(catalog.run(query) == memory.run(query))
  }

  /// A start-up part that does not decode is damage: the snapshot is set aside and rebuilt.
  @Test func aDamagedStartUpPartSetsTheSnapshotAside() throws {
    let directory = TestPaths.temporaryDirectory()
    let cache = CountryCache(directory: directory, bundledPath: TestPaths.dataset)
    _ = try cache.load()
    let database = try SQLiteDatabase(path: cache.path, mode: .readWrite)
    try database.execute("UPDATE catalog_index SET data = x'09' WHERE part = 'codes'")
    let loaded = try cache.load()
    #expect(loaded.warning?.contains("moved it aside") == true)
    #expect(loaded.snapshot.catalog.country(code: "EGY")?.capital == ["Cairo"])
    #expect(try cache.load().warning == nil, "the rebuilt snapshot opens")
  }
}
