import CountryKit
import CountryModel
import CountryStorage
import CtryTestSupport
import Foundation
import Testing

@Suite struct CountryStoreTests {
  /// A reader never sees the new catalog with the old source or metadata: all three swap in one step.
  @Test func swapIsAtomicForConcurrentReaders() async {
    let small = CountryCatalog(countries: Array(TestData.catalog.countries.prefix(3)))
    let full = TestData.catalog
    let metadata = CacheMetadata(
      url: "https://example.invalid/all", flavour: "v3.1", fetchedAt: Date(timeIntervalSince1970: 0), validators: [:],
      count: full.count, bytes: 1)
    let store = CountryStore(catalog: small, source: .bundled)
    let mixed = await withTaskGroup(of: Int.self) { group in
      group.addTask {
        for round in 0..<2_000 {
          if round.isMultiple(of: 2) {
            await store.replace(
              with: full, source: .cache(fetchedAt: metadata.fetchedAt, url: metadata.url), metadata: metadata)
          } else {
            await store.replace(with: small, source: .bundled)
          }
        }
        return 0
      }
      group.addTask {
        var mixed = 0
        for _ in 0..<2_000 {
          let current = await store.snapshot
          let fromCache = current.metadata != nil
          if fromCache != (current.catalog.count == full.count) { mixed += 1 }
          if case .bundled = current.source, fromCache { mixed += 1 }
        }
        return mixed
      }
      return await group.reduce(0, +)
    }
    #expect(mixed == 0)
    await store.replace(
      with: full, source: .cache(fetchedAt: metadata.fetchedAt, url: metadata.url), metadata: metadata)
    #expect(await store.snapshot.metadata?.url == metadata.url)
  }
}
