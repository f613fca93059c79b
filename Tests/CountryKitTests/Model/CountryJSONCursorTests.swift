import CtryTestSupport
import Foundation
import Testing

@testable import CountryKit

/// `JSONCursor` (the fast path of `CountryDecoding`) must give exactly what `JSONDecoder` gives.
@Suite struct CountryJSONCursorTests {
  static func reference(_ data: Data) throws -> [Country] {
    try JSONDecoder().decode([Country].self, from: data)
  }

  @Test func agreesWithJSONDecoderOnTheBundledDataset() throws {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    let fast = try #require(CountryDecoding.fastDecodeList(data), "the bundled dataset left the fast path")
    #expect(fast == (try Self.reference(data)))
  }

  @Test(arguments: ["v3.1-all.json"])
  func agreesWithJSONDecoderOnTheRealPayload(_ name: String) throws {
    guard let path = TestPaths.sharedFixture(name) else { return }
    let data = try #require(FileManager.default.contents(atPath: path))
    let fast = try #require(CountryDecoding.fastDecodeList(data), "\(name) left the fast path")
    #expect(fast.count == 250)
    #expect(fast == (try Self.reference(data)))
  }

  @Test func agreesOnTheCacheFormat() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
    let data = try encoder.encode(TestData.catalog.countries)
    let fast = try #require(CountryDecoding.fastDecodeList(data))
    #expect(fast == TestData.catalog.countries)
  }

  static let minimal = #"{"name":{"common":"X","official":"Y"},"cca2":"XX","cca3":"XXX","region":"R""#

  /// Records inside the subset: the fast path reads them, with the same result as `JSONDecoder`.
  @Test(arguments: [
    "[\(minimal)}]",
    "[\(minimal),\"population\":null,\"capital\":null,\"extra\":{\"a\":[1,2.5e3,-0,true,false,null,\"\\u00e9\"]}}]",
    " [ \(minimal) , \"capital\" : [ \"A\\\"b\\\\c\\/d\\n\" ] } ] \n",
    #"[{"name":{"common":"C\u00f4te d\u2019Ivoire","official":"\ud83c\uddea\ud83c\uddec"},"cca2":"CI","cca3":"CIV","region":"R"}]"#,
    "[\(minimal),\"latlng\":[26,-30.5E+2],\"area\":1e0,\"population\":-12}]",
    "[\(minimal),\"currencies\":{\"EGP\":{\"name\":\"pound\",\"symbol\":null,\"x\":1}},\"idd\":{}}]",
    "[]",
  ])
  func readsTheSubset(_ text: String) throws {
    let data = Data(text.utf8)
    let fast = try #require(CountryDecoding.fastDecodeList(data), "left the fast path")
    #expect(fast == (try Self.reference(data)))
  }

  /// Text `JSONDecoder` rejects is never accepted; text outside the subset goes to `JSONDecoder`.
  @Test(arguments: [
    "", "[", "[\(minimal)]", "[\(minimal)},]", "[\(minimal)}] x", "{\(minimal.dropFirst())}",
    "[\(minimal),}]", "[\(minimal),\"population\":1.5}]", "[\(minimal),\"population\":01}]",
    "[\(minimal),\"population\":99999999999999999999}]", "[\(minimal),\"area\":1.}]", "[\(minimal),\"area\":.5}]",
    "[\(minimal),\"area\":-}]", "[\(minimal),\"area\":1e}]", "[\(minimal),\"extra\":[1,]}]",
    "[\(minimal),\"extra\":nul}]",
    "[\(minimal),\"extra\":tru}]", "[\(minimal),\"capital\":[\"a\tb\"]}]", "[\(minimal),\"capital\":[\"\\x\"]}]",
    "[\(minimal),\"capital\":[\"\\ud800\"]}]", "[\(minimal),\"capital\":[\"\\u12G4\"]}]", "[\(minimal),\"cca2\":null}]",
    "[{\"cca2\":\"XX\",\"cca3\":\"XXX\",\"region\":\"R\"}]", "[\(minimal),\"capital\":\"Cairo\"}]",
    "[\(minimal),\"ex\\u0074ra\":1}]", "[\(minimal),\"extra\":[[[[]]]}]",
    "[\(minimal),\"translations\":{\"fra\":{\"official\":\"A\"}}}]",
    "[\(minimal),\"translations\":{\"fra\":{\"official\":\"A\",\"common\":1}}}]",
    "[\(minimal),\"translations\":{\"fra\":{\"official\":\"A\",\"common\":\"\\q\"}}}]",
    "[\(minimal),\"translations\":[]}]",
  ])
  func leavesEverythingElseToJSONDecoder(_ text: String) {
    let data = Data(text.utf8)
    guard let fast = CountryDecoding.fastDecodeList(data) else { return }
    #expect(fast == (try? Self.reference(data)), "accepted \(text.debugDescription) differently from JSONDecoder")
  }

  @Test func rejectsInvalidUTF8() {
    var bytes = Array("[\(Self.minimal),\"capital\":[\"".utf8)
    bytes += [0xC3, 0x28]
    bytes += Array("\"]}]".utf8)
    #expect(CountryDecoding.fastDecodeList(Data(bytes)) == nil)
  }

  /// Translations and native names stay text until read, and read back the same.
  @Test func defersTheNameMaps() throws {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    let countries = try #require(CountryDecoding.fastDecodeList(data))
    let egypt = try #require(countries.first { $0.cca3 == "EGY" })
    #expect(egypt.translationsArePending)
    #expect(egypt.name.nativeNameIsPending)
    #expect(egypt.translations?["fra"]?.common == "Égypte")
    #expect(egypt.name.nativeName?["ara"]?.common == "مصر")
    #expect(!egypt.translationsArePending)

    var copy = egypt
    copy.translations = nil
    #expect(copy != egypt)
    let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(copy)) as? [String: Any]
    #expect(encoded?["translations"] == nil, "a nil deferred field is left out, like an optional")
    #expect(encoded?["cca3"] as? String == "EGY")
    let again = try JSONDecoder().decode(Country.self, from: JSONEncoder().encode(egypt))
    #expect(again == egypt)
  }

  /// Large texts are read in two halves split at a top-level comma; quotes, escapes and nesting
  /// must not fool the split.
  @Test func splitsOnlyBetweenTopLevelElements() {
    let text = #"[{"a":"x\",[{y","b":[1,{"c":"\\"}]} , {"d":"\\\","}]"#
    let boundary = Data(text.utf8).withUnsafeBytes { JSONCursor.elementBoundary(in: $0, after: 1) }
    let expected = text.utf8.firstIndex(of: UInt8(ascii: " ")).map {
      text.utf8.distance(from: text.utf8.startIndex, to: $0) + 1
    }
    #expect(boundary == expected)
    #expect(Data("[{\"a\":1}]".utf8).withUnsafeBytes { JSONCursor.elementBoundary(in: $0, after: 1) } == nil)
  }
}
