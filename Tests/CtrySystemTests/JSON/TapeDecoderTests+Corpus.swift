import CtrySystem
import CtryTestSupport
import Foundation

extension TapeDecoderTests {
  /// A large JSON document whose top level is a list (the bundled dataset, a real payload), taken
  /// apart into its records' own text, and a sample of those records that holds every kind of value
  /// the whole document holds. The main lane compares the sample with the library; the stress lane
  /// compares every record.
  struct Corpus: Sendable {
    /// The documents the library reads that the tests compare against it.
    static let paths = [TestPaths.dataset, TestPaths.fixture("v3.1-all.json"), TestPaths.fixture("v2-all.json")]

    let path: String
    /// The whole document, as in the file.
    let bytes: [UInt8]
    /// Each record's text, as in the file.
    let records: [[UInt8]]
    /// The positions in `records` of the sample the main lane compares: records that together hold
    /// every kind of value at every place the whole document holds (`kinds`), pinned so that the main
    /// lane need not read the whole document to choose them. The stress lane checks that they still
    /// cover the document, and names the records to pin when they do not (`coveringSample`).
    let sample: [Int]

    /// Each document's sample, by file name: `coveringSample()` when it was pinned.
    static let pinned: [String: [Int]] = [
      "countries.json": [0, 1, 2, 4, 5, 7, 8, 12, 13, 14, 15, 19, 21, 34, 39, 42, 52, 58, 68, 138, 167],
      "v3.1-all.json": [0, 1, 2, 3, 4, 6, 7, 8, 10, 11, 12, 26, 37, 40, 53, 100, 124, 140],
      "v2-all.json": [0, 1, 2, 3, 4, 8, 9, 10, 15, 28, 31, 33, 35, 55, 56, 69, 70, 117, 132, 182, 219],
    ]

    /// The sample as one document: the sampled records' text in a list.
    var sampleDocument: [UInt8] {
      Array("[\n".utf8) + sample.map { records[$0] }.joined(separator: Array(",\n".utf8)) + Array("\n]\n".utf8)
    }

    static let all: [String: Corpus] = Dictionary(
      uniqueKeysWithValues: paths.compactMap { path in Corpus(path: path).map { (path, $0) } })

    init?(path: String) {
      guard let data = FileManager.default.contents(atPath: path) else { return nil }
      self.path = path
      bytes = [UInt8](data)
      records = Self.split(bytes)
      sample = Self.pinned[(path as NSString).lastPathComponent] ?? Array(records.indices)
    }

    /// The kinds of value in record `index`, each at its place: a place is a member path with list
    /// positions and map entries taken as one (`currencies.*.symbol`); a kind is null, yes or no, a
    /// whole, fractional or negative number, an empty, ASCII or other string, an empty or filled list
    /// or object; and each escape (`\u`, `\"`, `\n`, …) the record's text uses. A record the tape
    /// refuses is a kind of its own.
    func kinds(_ index: Int) -> Set<String> {
      let record = records[index]
      guard let value = try? TapeDecoder.decode(Value.self, from: record) else {
        return ["unreadable #\(index)"]
      }
      var kinds: Set<String> = []
      Self.collect(value, at: "", into: &kinds)
      for (offset, byte) in record.enumerated() where byte == UInt8(ascii: "\\") && offset + 1 < record.count {
        kinds.insert("escape \(record[offset + 1])")
      }
      return kinds
    }

    /// The first record that brings a kind no earlier record brought, in the file's order: a sample
    /// that covers the whole document, the same on every run.
    func coveringSample() -> [Int] {
      var seen: Set<String> = []
      var sample: [Int] = []
      for index in records.indices {
        let kinds = kinds(index)
        if !kinds.isSubset(of: seen) {
          seen.formUnion(kinds)
          sample.append(index)
        }
      }
      return sample
    }

    /// The kinds of value in `value` and below it, each with its place.
    static func collect(_ value: Value, at place: String, into kinds: inout Set<String>) {
      switch value {
      case .null: kinds.insert("\(place) null")
      case .bool(let bool): kinds.insert("\(place) \(bool)")
      case .number(let number):
        kinds.insert("\(place) \(number < 0 ? "negative" : number == number.rounded() ? "whole" : "fractional")")
      case .string(let text):
        kinds.insert("\(place) \(text.isEmpty ? "empty" : text.utf8.allSatisfy { $0 < 0x80 } ? "ascii" : "other") text")
      case .array(let elements):
        kinds.insert("\(place) \(elements.isEmpty ? "empty" : "filled") list")
        for element in elements { collect(element, at: place + ".*", into: &kinds) }
      case .object(let members):
        kinds.insert("\(place) \(members.isEmpty ? "empty" : "filled") object")
        // A key of three letters or fewer, or of digits, names an entry of a map (a language, a
        // currency, a year): one place.
        for (key, member) in members {
          collect(member, at: place + "." + (key.count <= 3 || key.allSatisfy(\.isNumber) ? "*" : key), into: &kinds)
        }
      }
    }

    /// The text of each element of the top-level list in `bytes`, without the commas between them.
    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
      var records: [[UInt8]] = []
      var depth = 0
      var inString = false
      var escaped = false
      var start: Int?
      for (offset, byte) in bytes.enumerated() {
        if inString {
          if escaped {
            escaped = false
          } else if byte == UInt8(ascii: "\\") {
            escaped = true
          } else if byte == UInt8(ascii: "\"") {
            inString = false
          }
          continue
        }
        switch byte {
        case UInt8(ascii: "\""):
          inString = true
          if depth == 1, start == nil { start = offset }
        case UInt8(ascii: "["), UInt8(ascii: "{"):
          depth += 1
          if depth == 2, start == nil { start = offset }
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
          if depth == 1, let first = start {
            records.append(Array(bytes[first..<offset]))
            start = nil
          }
          depth -= 1
        case UInt8(ascii: ","):
          if depth == 1, let first = start {
            records.append(Array(bytes[first..<offset]))
            start = nil
          }
        default:
          if depth == 1, start == nil, byte > 0x20 { start = offset }
        }
      }
      return records
    }
  }
}
