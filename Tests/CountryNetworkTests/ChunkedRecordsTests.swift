import CtryTestSupport
import Foundation
import Testing

@testable import CountryModel
@testable import CountryNetwork

/// `/all` fetched in field chunks is decoded whole: each record from the union of its chunks' objects.
@Suite struct ChunkedRecordsTests {
  static func records() -> [[String: Any]] {
    guard let data = FileManager.default.contents(atPath: TestPaths.dataset),
      let records = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
    else { return [] }
    return records
  }

  /// The bundled records cut into chunks of at most 10 fields (the v3.1 server's rule), each with cca3,
  /// the later chunks in another order, decode to exactly the records read whole.
  @Test func chunksDecodeToTheWholeRecords() throws {
    let records = Self.records()
    try #require(records.count == 250)
    let whole = try JSONDecoder().decode(
      [Country].self, from: try Data(contentsOf: URL(fileURLWithPath: TestPaths.dataset)))
    let others = Country.fieldNames.filter { $0 != "cca3" }
    let chunks = stride(from: 0, to: others.count, by: 9).map { ["cca3"] + others[$0..<min($0 + 9, others.count)] }
    let bodies = try chunks.enumerated().map { index, fields in
      let part = records.map { $0.filter { fields.contains($0.key) } }
      return try JSONSerialization.data(withJSONObject: index == 0 ? part : part.reversed())
    }
    let decoded = try ChunkedRecords<Country>.decode(bodies, key: "cca3")
    #expect(decoded == whole)
  }

  /// A field sent in two chunks is read from the first, as a repeated name in one object is, and a
  /// nested object keeps its own members: the merged record is the chunks' objects in turn.
  @Test func aFieldInTwoChunksIsReadFromTheFirst() throws {
    let first = Data(#"[{"cca3":"EGY","cca2":"EG","region":"Africa"},{"cca3":"JPN","cca2":"JP","region":"Asia"}]"#.utf8)
    let second = Data(
      (#"[{"cca3":"JPN","region":"Europe","name":{"common":"Japan","official":"Japan"}},"#
        + #"{"cca3":"EGY","region":"Asia","name":{"common":"Egypt","official":"Arab Republic of Egypt"}}]"#).utf8)
    let decoded = try ChunkedRecords<Country>.decode([first, second], key: "cca3")
    #expect(decoded.map(\.cca3) == ["EGY", "JPN"])
    #expect(decoded.map(\.region) == ["Africa", "Asia"])
    #expect(decoded.map(\.name.official) == ["Arab Republic of Egypt", "Japan"])
  }

  /// More records than any country list has are refused before any is read: these 1,001 elements
  /// are not even objects, and the refusal is the count, not their shape.
  @Test func tooManyRecordsAreRefusedBeforeAnyIsDecoded() throws {
    let body = Data(("[" + Array(repeating: "1", count: 1_001).joined(separator: ",") + "]").utf8)
    #expect(throws: APIError.invalid("1001 countries, more than the 1000 allowed")) {
      try ChunkedRecords<Country>.decode([body], key: "cca3")
    }
    let allowed = Data(("[" + Array(repeating: "1", count: 1_000).joined(separator: ",") + "]").utf8)
    #expect(throws: APIError.decoding("chunk 1 of /all is not a JSON array of objects")) {
      try ChunkedRecords<Country>.decode([allowed], key: "cca3")
    }
  }

  @Test func aRecordTwiceInOneChunkIsRefused() throws {
    let body = Data(#"[{"cca3":"EGY"},{"cca3":"EGY"}]"#.utf8)
    #expect(throws: APIError.self) { try ChunkedRecords<Country>.decode([body], key: "cca3") }
  }

  @Test func aChunkThatIsNotAnArrayOfObjectsIsNamed() {
    do {
      _ = try ChunkedRecords<Country>.decode([Data("[]".utf8), Data(#"{"a":1}"#.utf8)], key: "cca3")
      Issue.record("decoded")
    } catch {
      #expect("\(error)".contains("chunk 2"), "\(error)")
    }
  }

  /// A chunk that is not JSON at all (an HTML page, 10 000 open brackets) is named too.
  @Test(arguments: ["<html>busy</html>", String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)])
  func aChunkThatIsNotJSONIsNamed(_ text: String) {
    let good = Data(#"[{"cca3":"EGY"}]"#.utf8)
    do {
      _ = try ChunkedRecords<Country>.decode([good, Data(text.utf8)], key: "cca3")
      Issue.record("decoded")
    } catch {
      #expect("\(error)".contains("chunk 2 of /all is not a JSON array of objects"), "\(error)")
    }
  }

  /// A field missing from every chunk is reported with its path, as a whole record's decoding would.
  @Test func aRequiredFieldMissingEverywhereIsNamed() {
    let first = Data(#"[{"cca3":"EGY","cca2":"EG","region":"Africa"}]"#.utf8)
    let second = Data(#"[{"cca3":"EGY","capital":["Cairo"]}]"#.utf8)
    do {
      _ = try ChunkedRecords<Country>.decode([first, second], key: "cca3")
      Issue.record("decoded")
    } catch {
      #expect("\(error)".contains("name"), "\(error)")
    }
  }
}
