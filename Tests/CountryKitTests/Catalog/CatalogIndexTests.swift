import CtryTestSupport
import Foundation
import Testing

@testable import CountryModel

/// The one index builder: the same records give the same index, byte for byte.
@Suite struct CatalogIndexTests {
  /// Records that went through JSON again hold their dictionaries in another order; the index reads
  /// them in key order, so it packs to the same bytes (what the snapshot's pinned digest needs).
  @Test func theSameRecordsGiveTheSameIndex() throws {
    let countries = TestData.catalog.countries.array
    let again = try JSONDecoder().decode([Country].self, from: JSONEncoder().encode(countries))
    let first = PackedIndex.pack(CatalogIndex.build(from: countries))
    let second = PackedIndex.pack(CatalogIndex.build(from: again))
    #expect(first.map(\.part) == second.map(\.part))
    for (lhs, rhs) in zip(first, second) { #expect(lhs.bytes == rhs.bytes, "\(lhs.part)") }
  }

  /// A built index has every part; the catalog over it answers from it without decoding again.
  @Test func aBuiltIndexCoversEveryRecord() {
    let catalog = TestData.catalog
    let index = catalog.index
    #expect(index.adjacency.count == catalog.count && index.facets.count == catalog.count)
    #expect(index.codes["EGY"].map { catalog.countries[$0].cca3 } == "EGY")
    #expect(index.codes["BRN"].map { catalog.countries[$0].cca3 } == "BRN", "an ISO code wins over an IOC code")
    #expect((0..<index.rows.count).map(index.rows.name) == catalog.countries.map(\.name.common))
    #expect((0..<index.rows.count).map { index.rows[$0] } == catalog.countries.map(CountryRow.init))
    #expect(Set(index.secondaryNames.fields) == [.native, .translation])
  }
}
