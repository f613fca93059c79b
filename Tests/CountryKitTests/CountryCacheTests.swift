import CountryKit
import CtrySystem
import CtryTestSupport
import Foundation
import Testing

@testable import CountryModel
@testable import CountryStorage

/// The catalog snapshot (`catalog.sqlite`): built from the bundled data, opened lazily, rebuilt when
/// stale or damaged, and replaced whole by a refresh.
@Suite struct CountryCacheTests {
  let directory = TestPaths.temporaryDirectory()
  var cache: CountryCache { CountryCache(directory: directory, bundledPath: TestPaths.dataset) }

  /// A record with every field, nested ones included, set.
  static let everyField = Data(
    #"""
    {"name":{"common":"Testland","official":"Republic of Testland","nativeName":{"tst":{"official":"Tst Off","common":"Tst"}}},
     "tld":[".tt"],"cca2":"TT","ccn3":"999","cca3":"TST","cioc":"TSL","independent":true,"status":"officially-assigned",
     "unMember":false,"currencies":{"TTD":{"name":"Test dollar","symbol":"T$"}},"idd":{"root":"+9","suffixes":["99"]},
     "capital":["Testville"],"altSpellings":["TT","Testia"],"region":"Oceania","subregion":"Polynesia",
     "languages":{"tst":"Testish"},"translations":{"fra":{"official":"République de Testland","common":"Testlande"}},
     "latlng":[-12.5,170.25],"landlocked":false,"borders":["NZL"],"area":1234.5,
     "demonyms":{"eng":{"f":"Testian","m":"Testian"}},"flag":"🇹🇹",
     "maps":{"googleMaps":"https://maps.example/tt","openStreetMaps":"https://osm.example/tt"},"population":4321,
     "gini":{"2019":33.3},"fifa":"TST","car":{"signs":["TT"],"side":"left"},"timezones":["UTC+13:00"],"zones":["Pacific/Tst"],
     "continents":["Oceania"],"flags":{"png":"https://f.example/tt.png","svg":"https://f.example/tt.svg","alt":"A flag"},
     "coatOfArms":{"png":"https://c.example/tt.png","svg":"https://c.example/tt.svg","alt":"Arms"},
     "startOfWeek":"monday","capitalInfo":{"latlng":[-12.4,170.2]},"postalCode":{"format":"####","regex":"^(\\d{4})$"},
     "populationYear":2021,"populationSource":"est., Test Office","gdpPerCapitaPPP":{"value":12300,"year":2024},
     "lifeExpectancy":{"value":71.5,"year":2024},"medianAge":{"value":30.2,"year":2025},"memberships":{"un":true,"eu":false},"governmentType":"Test republic",
     "capitalRoles":[{"name":"Testville","roles":["executive","primary"]}],"parent":"NZL",
     "dependencyType":"free association","disputed":false}
    """#.utf8)

  /// Fails when any stored property, at any depth, is nil.
  static func nilFields(_ value: Any, path: String = "") -> [String] {
    Mirror(reflecting: value).children.flatMap { child -> [String] in
      let name = path + "." + (child.label ?? "?")
      let inner = Mirror(reflecting: child.value)
      if inner.displayStyle == .optional {
        guard let wrapped = inner.children.first else { return [name] }
        return nilFields(wrapped.value, path: name)
      }
      return inner.displayStyle == .struct ? nilFields(child.value, path: name) : []
    }
  }

  @Test func theFirstStartBuildsTheSnapshotAndTheNextOpensItLazily() throws {
    let first = try cache.load()
    #expect(first.warning == nil)
    #expect(first.snapshot.source == .bundled)
    #expect(FileManager.default.fileExists(atPath: cache.path))
    let second = try cache.load()
    #expect(second.warning == nil && second.snapshot.source == .bundled)
    let catalog = second.snapshot.catalog
    #expect(catalog.count == 250)
    #expect(catalog.records.decodedCount == 0, "opening decodes no record")
    #expect(catalog.resolve("Egypt").country?.capital == ["Cairo"])
    #expect(catalog.records.decodedCount == 1, "details decodes one record")
    let hits = catalog.search("germ")
    #expect(hits.map(\.country.cca3).contains("DEU"))
    #expect(catalog.records.decodedCount < 10, "search decodes its hits only")
    #expect(catalog.countries.array == TestData.catalog.countries.array, "every record comes back the same")
    #expect(catalog.regions == TestData.catalog.regions && catalog.languages == TestData.catalog.languages)
    #expect(catalog.demonyms == TestData.catalog.demonyms && catalog.subregions == TestData.catalog.subregions)
  }

  /// An install ships a snapshot beside the bundled data (`Scripts/install`): the first start copies
  /// it into place and opens it, decoding nothing from the JSON; a shipped file that is not a
  /// snapshot of these data is replaced by a rebuild, without a warning.
  @Test func aFirstStartCopiesTheShippedSnapshot() throws {
    let share = TestPaths.temporaryDirectory()
    let dataset = "\(share)/countries.json"
    try FileManager.default.copyItem(atPath: TestPaths.dataset, toPath: dataset)
    let builder = CountryCache(directory: TestPaths.temporaryDirectory(), bundledPath: dataset)
    _ = try builder.load()
    try FileManager.default.copyItem(atPath: builder.path, toPath: "\(share)/catalog.sqlite")

    let user = CountryCache(directory: TestPaths.temporaryDirectory(), bundledPath: dataset)
    let first = try user.load()
    #expect(first.warning == nil && first.snapshot.source == .bundled)
    #expect(first.snapshot.catalog.records.decodedCount == 0, "opened the copy: nothing decoded from the JSON")
    #expect(FileManager.default.contents(atPath: user.path) == FileManager.default.contents(atPath: builder.path))
    #expect(first.snapshot.catalog.countries.array == TestData.catalog.countries.array)

    try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: "\(share)/catalog.sqlite"))
    let other = CountryCache(directory: TestPaths.temporaryDirectory(), bundledPath: dataset)
    let rebuilt = try other.load()
    #expect(rebuilt.warning == nil)
    #expect(rebuilt.snapshot.catalog.records.decodedCount == 250, "built from the JSON")
    #expect(try other.load().snapshot.catalog.records.decodedCount == 0, "and the rebuilt snapshot opens")
    #expect(
      FileManager.default.contents(atPath: other.path)
        != FileManager.default.contents(atPath: "\(share)/catalog.sqlite"))
  }

  @Test func completionListsComeFromTheSnapshotWithoutDecodingRecords() throws {
    _ = try cache.load()
    let catalog = try cache.load().snapshot.catalog
    let memory = TestData.catalog
    #expect(catalog.completionNames.common == memory.countries.map(\.name.common))
    #expect(catalog.completionNames.others == memory.completionNames.others)
    #expect(catalog.completionNames.others.contains("Arab Republic of Egypt"))
    #expect(catalog.currencyCodes == memory.currencies.map(\.code))
    #expect(catalog.regions == memory.regions)
    #expect(catalog.records.decodedCount == 0)
  }

  @Test func searchAndBordersAnswerAsFromMemory() throws {
    _ = try cache.load()
    let snapshot = try cache.load().snapshot.catalog
    let memory = TestData.catalog
    for text in ["germ", "united", "Deutschland", "Ελλάδα", "germny", "oslo", "", "zz"] {
      #expect(snapshot.search(text).map(\.country.cca3) == memory.search(text).map(\.country.cca3), "\(text)")
    }
    for text in ["EG", "EGY", "818", "GER", "Congo", "swizerland", "Kongo"] {
      #expect(snapshot.resolve(text).summary == memory.resolve(text).summary, "\(text)")
    }
    let france = try #require(memory.country(code: "FRA"))
    #expect(snapshot.neighbours(of: france) == memory.neighbours(of: france))
    var query = CountryQuery()
    query.region = "Europe"
    query.sort = .population
    #expect(snapshot.run(query) == memory.run(query))
  }

  @Test func aRecordWithEveryFieldRoundTripsWhole() throws {
    let record = try JSONDecoder().decode(Country.self, from: Self.everyField)
    #expect(Self.nilFields(record).isEmpty, "the test record sets every field: \(Self.nilFields(record))")
    let date = Date(timeIntervalSince1970: 1_790_000_000.5)
    let validators = ["http://x/v3.1/all?fields=name": Validator(etag: "\"abc\"", lastModified: "Mon, 23 Nov 2026")]
    let catalog = CountryCatalog(countries: [record] + TestData.countries.filter { $0.cca3 == "NZL" })
    let metadata = try cache.save(
      catalog, url: "http://x/v3.1", flavour: "v3.1", fetchedAt: date, validators: validators)
    let loaded = try cache.load()
    #expect(loaded.warning == nil)
    #expect(loaded.snapshot.source == .cache(fetchedAt: date, url: "http://x/v3.1"))
    #expect(loaded.snapshot.metadata == metadata)
    #expect(loaded.snapshot.metadata?.validators == validators)
    #expect(loaded.snapshot.catalog.country(code: "TST") == record)
    #expect(loaded.snapshot.catalog.resolve("Tst").country == record, "native names are indexed")
    #expect(loaded.snapshot.catalog.neighbours(of: record).map(\.cca3) == ["NZL"])
  }

  @Test func fieldNamesAreTheModelsCodingKeys() throws {
    let record = try JSONDecoder().decode(Country.self, from: Self.everyField)
    let encoded = try JSONEncoder().encode(record)
    struct Keys: Decodable {
      struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
      }
      let names: Set<String>
      init(from decoder: any Decoder) throws {
        names = Set(try decoder.container(keyedBy: Key.self).allKeys.map(\.stringValue))
      }
    }
    let keys = try JSONDecoder().decode(Keys.self, from: encoded).names
    #expect(Set(Country.fieldNames) == keys)
    #expect(Country.fieldNames.count == 47)
  }

  @Test func garbageOverTheSnapshotIsSetAsideAndRebuilt() throws {
    _ = try cache.load()
    try Data(repeating: 0x5A, count: 64 * 1024).write(to: URL(fileURLWithPath: cache.path))
    let loaded = try cache.load()
    #expect(loaded.snapshot.catalog.resolve("Egypt").country?.capital == ["Cairo"])
    let warning = try #require(loaded.warning)
    #expect(warning.hasPrefix("warning: the catalog snapshot") && warning.contains("moved it aside"))
    #expect(!warning.contains("\n"))
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(files.contains { $0.hasPrefix("catalog.sqlite.corrupt-") })
    let again = try cache.load()
    #expect(again.warning == nil, "the rebuilt snapshot opens")
    #expect(again.snapshot.catalog.records.decodedCount == 0)
  }

  @Test func aTruncatedSnapshotIsSetAsideAndRebuilt() throws {
    _ = try cache.load()
    let data = try Data(contentsOf: URL(fileURLWithPath: cache.path))
    try data.prefix(8192).write(to: URL(fileURLWithPath: cache.path))
    let loaded = try cache.load()
    #expect(loaded.snapshot.catalog.resolve("Peru").country?.capital == ["Lima"])
    #expect(loaded.snapshot.catalog.countries.array == TestData.catalog.countries.array)
    #expect(loaded.warning != nil)
  }

  @Test func anUnwritableCacheDirectoryGivesAnInMemoryCatalog() throws {
    let blocker = "\(directory)/not-a-directory"
    try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
    let cache = CountryCache(directory: "\(blocker)/ctry", bundledPath: TestPaths.dataset)
    let loaded = try cache.load()
    #expect(loaded.snapshot.catalog.resolve("Egypt").country?.capital == ["Cairo"])
    #expect(loaded.snapshot.catalog.countries.array == TestData.catalog.countries.array)
    let warning = try #require(loaded.warning)
    #expect(warning.hasPrefix("warning: cannot write the catalog snapshot") && warning.hasSuffix("in memory"))
  }

  @Test func aReadOnlyCacheDirectoryGivesAnInMemoryCatalog() throws {
    let readOnly = try ReadOnlyDirectory(directory)
    defer { readOnly.restore() }
    let loaded = try cache.load()
    #expect(loaded.snapshot.catalog.resolve("Egypt").country?.capital == ["Cairo"])
    #expect(loaded.warning?.hasSuffix("in memory") == true)
  }

  @Test func changedBundledDataRebuildsTheSnapshot() throws {
    let copy = "\(directory)/bundled.json"
    let original = try Data(contentsOf: URL(fileURLWithPath: TestPaths.dataset))
    try original.write(to: URL(fileURLWithPath: copy))
    let cache = CountryCache(directory: "\(directory)/cache", bundledPath: copy)
    _ = try cache.load()
    // The same bytes with a new time: the hash matches, no rebuild.
    try original.write(to: URL(fileURLWithPath: copy))
    let same = try cache.load()
    #expect(same.snapshot.catalog.records.decodedCount == 0, "opened, not rebuilt")
    let text = String(decoding: original, as: UTF8.self)
    let changed = text.replacingOccurrences(of: #""capital":["Cairo"]"#, with: #""capital":["New Cairo"]"#)
    #expect(changed != text)
    try Data(changed.utf8).write(to: URL(fileURLWithPath: copy))
    let rebuilt = try cache.load()
    #expect(rebuilt.warning == nil)
    #expect(rebuilt.snapshot.catalog.resolve("Egypt").country?.capital == ["New Cairo"])
    #expect(try cache.load().snapshot.catalog.resolve("EGY").country?.capital == ["New Cairo"])
  }

  @Test func aSnapshotOfAnotherFormatIsRebuilt() throws {
    _ = try cache.load()
    let database = try SQLiteDatabase(path: cache.path, mode: .readWrite)
    try database.execute("PRAGMA user_version = 999; DELETE FROM country WHERE cca3 = 'EGY'")
    let loaded = try cache.load()
    #expect(loaded.warning == nil)
    #expect(loaded.snapshot.catalog.resolve("Egypt").country?.cca3 == "EGY")
    #expect(
      try SQLiteDatabase(path: cache.path, mode: .readOnly).integer("PRAGMA user_version") == SnapshotSchema.version)
  }

  /// A catalog whose index would not read back (a country with more neighbours than the catalog has
  /// countries: its border graph is damage to a reader) is refused, and the snapshot there stays.
  @Test func aSnapshotThatWouldNotReadBackIsNeverWritten() throws {
    let date = Date(timeIntervalSince1970: 1_790_000_000)
    _ = try cache.save(TestData.catalog, url: "http://x/v3.1", flavour: "v3.1", fetchedAt: date, validators: [:])
    let before = FileManager.default.contents(atPath: cache.path)
    var countries = TestData.catalog.records.all
    let egypt = try #require(countries.firstIndex { $0.cca3 == "EGY" })
    countries[egypt].borders = Array(repeating: "PER", count: countries.count + 1)
    #expect {
      try cache.save(
        CountryCatalog(countries: countries), url: "http://y/v3.1", flavour: "v3.1", fetchedAt: date,
        validators: [:])
    } throws: { error in
      (error as? CtryError)?.message.hasSuffix("its index part borders would not read back") == true
    }
    #expect(FileManager.default.contents(atPath: cache.path) == before)
    let loaded = try cache.load()
    #expect(loaded.snapshot.catalog.count == 250 && loaded.snapshot.metadata?.url == "http://x/v3.1")
  }

  @Test func aConfirmedRefreshMovesOnlyTheCheckTime() throws {
    let date = Date(timeIntervalSince1970: 1_790_000_000)
    var metadata = try cache.save(
      TestData.catalog, url: "http://x/v3.1", flavour: "v3.1", fetchedAt: date, validators: [:])
    metadata.fetchedAt = date.addingTimeInterval(3600)
    try cache.saveMetadata(metadata)
    let loaded = try cache.load()
    #expect(loaded.snapshot.metadata?.fetchedAt == metadata.fetchedAt)
    #expect(loaded.snapshot.catalog.count == 250)
  }
}

extension Resolution {
  fileprivate var country: Country? {
    if case .found(let country, _) = self { return country }
    return nil
  }

  fileprivate var summary: String {
    switch self {
    case .found(let country, _): return "found \(country.cca3)"
    case .ambiguous(let countries): return "ambiguous " + countries.map(\.cca3).joined(separator: ",")
    case .notFound(let suggestions): return "not found " + suggestions.map(\.cca3).joined(separator: ",")
    }
  }
}
