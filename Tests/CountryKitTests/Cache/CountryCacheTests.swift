import CtryTestSupport
import Foundation
import Testing

@testable import CountryKit

@Suite struct CountryCacheTests {
  let directory = TestPaths.temporaryDirectory()
  var cache: CountryCache { CountryCache(directory: directory) }

  @Test func roundTrips() throws {
    let date = Date(timeIntervalSince1970: 1_790_000_000)
    _ = try cache.save(TestData.countries, url: "http://x/v3.1", flavour: "v3.1", fetchedAt: date, validators: [:])
    let loaded = cache.load()
    #expect(loaded.warning == nil)
    #expect(loaded.cached?.countries.count == 250)
    #expect(loaded.cached?.metadata.fetchedAt == date)
    let (store, warning) = try CountryStore.load(cache: cache)
    #expect(warning == nil)
    #expect(store.snapshot.catalog.count == 250)
  }

  @Test func noCacheIsNotAnError() {
    let loaded = cache.load()
    #expect(loaded.cached == nil && loaded.warning == nil)
  }

  @Test func aCorruptCacheIsQuarantinedAndTheBundledDataUsed() throws {
    _ = try cache.save(TestData.countries, url: "http://x", flavour: "v3.1", fetchedAt: Date(), validators: [:])
    try Data("[{\"broken\":".utf8).write(to: URL(fileURLWithPath: cache.dataPath))
    let loaded = cache.load()
    #expect(loaded.cached == nil)
    #expect(loaded.warning?.contains("moved it aside") == true)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(files.contains { $0.hasPrefix("countries.json.corrupt-") })
    #expect(files.contains { $0.hasPrefix("countries.meta.json.corrupt-") })
    #expect(!files.contains("countries.json"), "never silently reused")
  }

  @Test func aDataFileWithoutItsMetadataIsNotTrusted() throws {
    try Data("[]".utf8).write(to: URL(fileURLWithPath: cache.dataPath))
    #expect(cache.load().cached == nil)
    #expect(cache.load().warning == nil, "already moved aside the first time")
  }

  /// Issue 17, item 12: an unreadable data file is not called missing.
  @Test func anUnreadableDataFileIsNamedSo() throws {
    _ = try cache.save(TestData.countries, url: "http://x", flavour: "v3.1", fetchedAt: Date(), validators: [:])
    try FileManager.default.removeItem(atPath: cache.dataPath)
    try FileManager.default.createDirectory(atPath: cache.dataPath, withIntermediateDirectories: false)
    let warning = try #require(cache.load().warning)
    #expect(warning.contains("(data file unreadable)"), "\(warning)")
    #expect(warning.contains("moved it aside to \(cache.dataPath).corrupt-"))
  }

  /// Issue 17, item 12: "moved aside" only when something moved.
  @Test func nothingMovedIsNotCalledMoved() {
    let warning = CountryCache.warning(reason: "metadata unreadable", moved: [])
    #expect(!warning.contains("moved it aside"))
    #expect(warning.contains("could not move it aside"))
  }
}
