import CtryTestSupport
import Testing

@testable import CountryModel

/// The code index: a sorted buffer searched in place, which answers as the dictionary it is built from.
@Suite struct CodeTableTests {
  @Test func answersAsTheDictionaryItIsBuiltFrom() throws {
    var codes: [String: Int] = [:]
    for (position, country) in TestData.catalog.countries.array.enumerated() {
      for code in [country.cca3, country.cca2, country.ccn3, country.cioc].compactMap({ $0 }) where !code.isEmpty {
        codes[code.uppercased()] = codes[code.uppercased()] ?? position
      }
    }
    // Codes a hostile server could send: non-ASCII, one that sorts differently as bytes than as a
    // String, the empty string, a byte-long prefix of another.
    for (extra, position) in [("É", 1), ("Z\u{301}", 2), ("", 3), ("E", 4), ("EGYPTIAN", 5)] { codes[extra] = position }
    let table = CodeTable(codes)
    #expect(table.count == codes.count)
    for (code, position) in codes { #expect(table[code] == position, "\(code)") }
    for missing in ["egy", "EG ", "XXX", "ÉÉ", "\u{0}", String(repeating: "A", count: 300)] {
      #expect(table[missing] == nil, "\(missing)")
    }
    let stored = try CodeTable(packed: table.bytes, count: 250)
    #expect(stored == table)
    for (code, position) in codes { #expect(stored[code] == position) }
  }

  /// A stored table the search could not trust is damage: out of order, repeated, cut short, or
  /// pointing past the catalog.
  @Test func aStoredTableOutOfOrderOrCutShortIsDamage() {
    let table = CodeTable(["AB": 1, "CD": 2])
    let entries = Array(table.bytes[0..<7]), later = Array(table.bytes[7...])
    #expect(throws: PackedIndex.Damaged.self) { try CodeTable(packed: later + entries, count: 10) }
    #expect(throws: PackedIndex.Damaged.self) { try CodeTable(packed: entries + entries, count: 10) }
    #expect(throws: PackedIndex.Damaged.self) { try CodeTable(packed: table.bytes.dropLast(1).map { $0 }, count: 10) }
    #expect(throws: PackedIndex.Damaged.self) { try CodeTable(packed: table.bytes, count: 2) }
    #expect(CodeTable(["A": 0, String(repeating: "B", count: 256): 1]).count == 1, "a code over 255 bytes is left out")
  }
}
