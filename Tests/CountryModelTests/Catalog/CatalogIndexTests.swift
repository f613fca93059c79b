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

  /// Each country's names are together, in catalog order, and hold every folded name of its record
  /// once per field: a copy (Chad's `tchad` in six languages) is left out, and nothing else is.
  @Test func theNameTablesHoldEachNameOncePerField() {
    let catalog = TestData.catalog
    let index = catalog.index
    struct Entry: Hashable {
      let country: Int
      let field: NameField
      let key: [UInt8]
    }
    var expected: [Entry] = []
    for (position, country) in catalog.countries.array.enumerated() {
      func add(_ texts: [String?], _ field: NameField) {
        for text in texts.compactMap({ $0 }) {
          let key = TextFolding.foldedBytes(text)
          if !key.isEmpty { expected.append(Entry(country: position, field: field, key: key)) }
        }
      }
      add([country.name.common], .common)
      add([country.name.official], .official)
      let others = OtherNames.entries.filter { $0.codes.contains(country.cca3) }
      add((country.altSpellings ?? []) + others.filter { $0.kind != .capital }.map(\.name), .altSpelling)
      add((country.capital ?? []) + others.filter { $0.kind == .capital }.map(\.name), .capital)
      for (_, name) in (country.name.nativeName ?? [:]).sorted(by: { $0.key < $1.key }) {
        add([name.common, name.official], .native)
      }
      for (_, name) in (country.translations ?? [:]).sorted(by: { $0.key < $1.key }) {
        add([name.common, name.official], .translation)
      }
    }
    var stored: [Entry] = []
    for table in [index.primaryNames, index.secondaryNames] {
      #expect(table.countries == table.countries.sorted(), "a country's names are together")
      for name in 0..<table.count {
        stored.append(Entry(country: table.country(name), field: table.fields[name], key: table.key(name)))
      }
    }
    #expect(stored.count == Set(stored).count, "no name twice for one country and field")
    #expect(Set(stored) == Set(expected))
    #expect(stored.count * 2 < expected.count, "most copies are gone")
    #expect(index.primarySpellings.count == index.primaryNames.count)
    #expect(index.secondarySpellings.count == index.secondaryNames.count)
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
