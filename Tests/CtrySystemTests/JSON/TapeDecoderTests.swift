import CountryModel
import CtrySystem
import CtryTestSupport
import Foundation
import Testing

/// `TapeDecoder` stands in for `JSONDecoder` (BENCHMARKS.md has the measurement): it must give the same
/// values for every document the library reads, and refuse every document the library refuses.
@Suite struct TapeDecoderTests {
  /// Any JSON value, read through every kind of container: a document's whole content, so two
  /// decoders that agree on it agree on everything in the document.
  enum Value: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([Value]), object([String: Value])

    init(from decoder: any Decoder) throws {
      if let container = try? decoder.container(keyedBy: Key.self) {
        var members: [String: Value] = [:]
        for key in container.allKeys { members[key.stringValue] = try container.decode(Value.self, forKey: key) }
        self = .object(members)
      } else if var list = try? decoder.unkeyedContainer() {
        var elements: [Value] = []
        while !list.isAtEnd { elements.append(try list.decode(Value.self)) }
        self = .array(elements)
      } else {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
          self = .null
        } else if let bool = try? single.decode(Bool.self) {
          self = .bool(bool)
        } else if let number = try? single.decode(Double.self) {
          self = .number(number)
        } else {
          self = .string(try single.decode(String.self))
        }
      }
    }

    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
  }

  /// Each large document's sample (`Corpus`: records that together hold every kind of value the
  /// whole document holds, and every escape its text uses), as one document, reads as the library
  /// reads it. Every record of every document: `everyRecordOfEveryCorpusReadsAndWritesAsTheLibrary`.
  @Test(arguments: Corpus.paths)
  func everyDocumentReadsAsJSONDecoderReadsIt(_ path: String) throws {
    let corpus = try #require(Corpus.all[path])
    #expect(
      corpus.records.count >= 250 && corpus.sample.count >= 3, "\(corpus.sample.count) of \(corpus.records.count)")
    let document = corpus.sampleDocument
    let tape = try TapeDecoder.decode(Value.self, from: document)
    #expect(tape == (try JSONDecoder().decode(Value.self, from: Data(document))))
  }

  /// Each large document's sample decodes as countries as the library decodes it, as a list and one
  /// by one as the snapshot stores them. Every record: the stress lane.
  @Test(arguments: [TestPaths.dataset, TestPaths.fixture("v3.1-all.json")])
  func everyRecordDecodesAsJSONDecoderDecodesIt(_ path: String) throws {
    let corpus = try #require(Corpus.all[path])
    try Self.expectCountriesDecodeAsTheLibrary(corpus.sampleDocument, origin: path)
  }

  /// Every record of every large document, in full in the stress lane (`StressTrials.isStressLane`;
  /// the main lane compares each document's pinned sample above). First, that each sample still
  /// holds every kind of value its document holds; then each whole document read as a value, and
  /// the countries' documents as countries, as a list and record by record, each country written
  /// by `JSONStreamEncoder` and read back, as the library does.
  @Test(.tags(.stress)) func everyRecordOfEveryCorpusReadsAndWritesAsTheLibrary() throws {
    guard StressTrials.isStressLane else { return }
    let corpora = Corpus.paths.compactMap { Corpus.all[$0] }
    #expect(corpora.count == Corpus.paths.count)
    for corpus in corpora {
      let sampled = corpus.sample.reduce(into: Set<String>()) { $0.formUnion(corpus.kinds($1)) }
      let all = corpus.records.indices.reduce(into: Set<String>()) { $0.formUnion(corpus.kinds($1)) }
      #expect(
        all.isSubset(of: sampled),
        "\(corpus.path): the sample lacks \(all.subtracting(sampled).sorted().prefix(5)); pin \(corpus.coveringSample())"
      )
    }
    let countries: Set<String> = [TestPaths.dataset, TestPaths.fixture("v3.1-all.json")]
    for corpus in corpora {
      #expect(
        try TapeDecoder.decode(Value.self, from: corpus.bytes)
          == (try JSONDecoder().decode(Value.self, from: Data(corpus.bytes))), "\(corpus.path)")
      if countries.contains(corpus.path) {
        try Self.expectCountriesDecodeAsTheLibrary(corpus.bytes, origin: corpus.path)
      }
    }
  }

  /// `document`'s countries, decoded by `CountryDecoding` as a list and, once written by
  /// `JSONStreamEncoder`, one by one, are the library's.
  static func expectCountriesDecodeAsTheLibrary(_ document: [UInt8], origin: String) throws {
    let expected = try JSONDecoder().decode([Country].self, from: Data(document))
    let decoded = try CountryDecoding.decodeList(document, origin: origin)
    #expect(decoded.count == expected.count)
    for (mine, theirs) in zip(decoded, expected) { #expect(mine == theirs, "\(theirs.cca3)") }
    // One by one, as the snapshot stores them (JSONStreamEncoder's output).
    for record in expected {
      let stored = try JSONStreamEncoder.encode(record)
      #expect(try CountryDecoding.record(stored) == record, "\(record.cca3)")
      try JSONStreamEncoderTests.expectSameDocument(record, "\(record.cca3)")
      #expect(try JSONDecoder().decode(Country.self, from: Data(stored)) == record, "\(record.cca3)")
    }
  }

  /// Random damage to a record and to small documents: each result is either the library's value or,
  /// when the library refuses the text, a refusal.
  @Test func damagedDocumentsAreReadOrRefusedAsJSONDecoderDoes() throws {
    let egypt = try #require(TestData.countries.first { $0.cca3 == "EGY" })
    // Sorted keys: the same damage every run.
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let seeds: [[UInt8]] = [
      [UInt8](try encoder.encode(egypt)),
      Array(#"{"a":[1,-2.5e3,true,false,null,"x\u00e9\ud83c\udf0d\n"],"b":{"c":{}},"d":[]}"#.utf8),
    ]
    let alphabet = Array(#"{}[]:,"\\/ -+.0123456789eEtrufalsn\u00ud83dxy"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
    var random = SplitMix64(seed: 23)
    var agreed = (read: 0, refused: 0)
    for round in 0..<4000 {
      var bytes = seeds[round % seeds.count]
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(alphabet.randomElement(using: &random) ?? 0, at: at)
        case 2: bytes[at] = alphabet.randomElement(using: &random) ?? 0
        default: bytes.removeSubrange(at...)
        }
        if bytes.isEmpty { bytes = [0x20] }
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let theirs = try? JSONDecoder().decode(Value.self, from: Data(bytes))
      let mine = try? TapeDecoder.decode(Value.self, from: bytes)
      #expect(mine == theirs, "\(text.prefix(80))")
      if theirs == nil { agreed.refused += 1 } else { agreed.read += 1 }
      // A record reads as the library reads it. The one difference: the library checks a string's
      // bytes only when it reads them, so it accepts a record whose damage is in a string no field
      // reads; TapeDecoder refuses any text that is not JSON, as the library does when it reads it all.
      let theirRecord = try? JSONDecoder().decode(Country.self, from: Data(bytes))
      let myRecord = try? CountryDecoding.record(bytes)
      #expect(myRecord == theirRecord || (myRecord == nil && theirs == nil), "\(text.prefix(80))")
      // Its dictionaries read member by member, as a list's are (`DictionaryReading`).
      let inAList = try? TapeDecoder.decode(Country.self, from: bytes, dictionaries: .memberByMember)
      #expect(inAList == myRecord, "\(text.prefix(80))")
    }
    // The damage must exercise both outcomes, or the comparison proves little.
    #expect(agreed.read > 200 && agreed.refused > 200, "\(agreed)")
  }

  /// The library's own leniencies and choices, which the damage above found: a comma before a closing
  /// bracket is allowed, and a repeated key reads its first value.
  @Test(arguments: [
    #"[1,]"#, #"{"a":1,}"#, #"[1,,]"#, #"[,]"#, #"{,}"#, #"[1 ,  ]"#, #"{"a":1,"a":2}"#, #"{"a":[1,"\u0000"],"a":[]}"#,
    #"{"a":1}x"#, #"  "#, #"01"#, #"-"#, #"1.e3"#, #"1e400"#, #""\ud83c""#, #""\udf0d\ud83c""#, "\"\u{7F}\"",
  ])
  func edgesReadAsTheLibraryReadsThem(_ text: String) {
    let theirs = try? JSONDecoder().decode(Value.self, from: Data(text.utf8))
    #expect((try? TapeDecoder.decode(Value.self, from: Array(text.utf8))) == theirs)
  }

  @Test(arguments: [
    #"[{"name": 5}]"#, #"[{"cca2": "EG"}]"#, #"[{"name": {"common": "Egypt", "official": null}}]"#, #"[1]"#,
    #"{"a": 1}"#, #"[{"name": {"common": "A", "official": "A"}, "cca2": "AA", "cca3": "AAA", "region": 7}]"#,
    // A dictionary's value that fails: a name, and a numeric name (an integer key in the path).
    #"[{"name": {"common": "A", "official": "A"}, "cca2": "AA", "cca3": "AAA", "region": "X", "translations": {"fra": {"common": 5}}}]"#,
    #"[{"name": {"common": "A", "official": "A"}, "cca2": "AA", "cca3": "AAA", "region": "X", "translations": {"12": 5}}]"#,
    #"[{"name": {"common": "A", "official": "A"}, "cca2": "AA", "cca3": "AAA", "region": "X", "languages": []}]"#,
  ])
  func errorsNameTheSamePlace(_ text: String) throws {
    func described(_ body: () throws -> [Country]) -> String {
      do {
        _ = try body()
        return "decoded"
      } catch let error as DecodingError {
        return CountryDecoding.describe(error)
      } catch {
        return "\(error)"
      }
    }
    let bytes = Array(text.utf8)
    let theirs = described { try JSONDecoder().decode([Country].self, from: Data(bytes)) }
    let mine = described { try TapeDecoder.decode([Country].self, from: bytes) }
    #expect(theirs != "decoded")
    #expect(mine.split(separator: ":").first == theirs.split(separator: ":").first, "\(mine) | \(theirs)")
  }

  /// A string-keyed dictionary is read either way (`DictionaryReading`): through `Dictionary`'s own
  /// `init(from:)`, or member by member. Both give the library's entries, a repeated name's first
  /// value (a later one is not read, so a bad one does no harm), and the same place named when a
  /// value fails, nested or not. (Each text has at most one value that fails: the library tries its
  /// keys in its own hash order.)
  @Test(arguments: [
    #"{"a":1,"b":2,"a":"x"}"#, #"{"a":1,"a":2}"#, #"{}"#, #"{"3":"x"}"#, #"{"a":1,"b":null}"#, #"[1]"#, #"null"#,
  ])
  func dictionariesReadAsTheLibraryReadsThem(_ text: String) {
    for reading in [DictionaryReading.byItsOwnDecodable, .memberByMember] {
      #expect(
        Self.outcome(text) { try TapeDecoder.decode([String: Int].self, from: [UInt8]($0), dictionaries: reading) }
          == Self.outcome(text) { try JSONDecoder().decode([String: Int].self, from: $0) }, "\(text) \(reading)")
    }
  }

  @Test(arguments: [
    #"{"a":{"x":1},"b":{"y":2,"x":3}}"#, #"{"a":{"x":1,"x":"bad"},"":{}}"#, #"{"-7":{"0":[]}}"#,
    #"{"a":{"x":1},"b":7}"#, #"{"a":{"x":1},"a":7}"#,
  ])
  func nestedDictionariesReadAsTheLibraryReadsThem(_ text: String) {
    typealias Nested = [String: [String: Int]]
    for reading in [DictionaryReading.byItsOwnDecodable, .memberByMember] {
      #expect(
        Self.outcome(text) { try TapeDecoder.decode(Nested.self, from: [UInt8]($0), dictionaries: reading) }
          == Self.outcome(text) { try JSONDecoder().decode(Nested.self, from: $0) }, "\(text) \(reading)")
    }
  }

  /// `text` decoded by `body`, or the error as ctry describes it (the place and what was expected there).
  static func outcome<T: Decodable & Equatable>(_ text: String, _ body: (Data) throws -> T) -> Result<T, DescribedError>
  {
    do {
      return .success(try body(Data(text.utf8)))
    } catch let error as DecodingError {
      return .failure(DescribedError(text: CountryDecoding.describe(error)))
    } catch {
      return .failure(DescribedError(text: "\(error)"))
    }
  }

  struct DescribedError: Error, Equatable { var text: String }

  /// A number that does not fit its field: the library says "top level"; TapeDecoder names the field.
  @Test func aNumberThatDoesNotFitNamesItsField() throws {
    let text =
      #"[{"name": {"common": "A", "official": "A"}, "cca2": "AA", "cca3": "AAA", "region": "X", "population": 1.5}]"#
    #expect(throws: DecodingError.self) { try JSONDecoder().decode([Country].self, from: Data(text.utf8)) }
    do {
      _ = try TapeDecoder.decode([Country].self, from: Array(text.utf8))
      Issue.record("1.5 was read as a population")
    } catch let error as DecodingError {
      #expect(CountryDecoding.describe(error).hasPrefix("[0].population: "))
    }
  }

  /// A large object is indexed once: a hostile payload's `translations` with 100,000 keys decodes in
  /// linear time (scanning for each key took minutes), as the library's value, repeated keys included.
  @Test func aLargeObjectDecodesInLinearTime() throws {
    var text = "{"
    for index in 0..<100_000 { text += "\"k\(index % 75_000)\":\(index)," }
    text += "\"last\":-1}"
    let started = ContinuousClock.now
    let theirs = try JSONDecoder().decode([String: Int].self, from: Data(text.utf8))
    for reading in [DictionaryReading.byItsOwnDecodable, .memberByMember] {
      let mine = try TapeDecoder.decode([String: Int].self, from: Array(text.utf8), dictionaries: reading)
      #expect(mine == theirs, "\(reading)")
      #expect(mine.count == 75_001 && mine["k7"] == 7, "a repeated key reads its first value")
    }
    // A hang guard, not a speed target: the scan was minutes, the index is well under a second.
    #expect(ContinuousClock.now - started < .seconds(30))
  }

  /// Objects of 9 to 64 members, which a lookup scans from where the last one ended once `allKeys`
  /// found every name different: every size, the members in any order, a repeated name (escaped or
  /// not), a struct's keys asked for in another order than the text's, and the values JSONDecoder gives.
  @Test func midSizeObjectsReadEachKeyAsJSONDecoderDoes() throws {
    struct Mixed: Codable, Equatable {
      var a, b, c, d, e, f, g, h, i, j: Int?
      var nested: [String: Int]?
    }
    var generator = SeededGenerator(seed: 23)
    for size in [7, 8, 9, 10, 20, 63, 64, 65] {
      for repeated in [false, true] {
        var names = (0..<size).map { "key\($0)" }
        names.shuffle(using: &generator)
        if repeated { names.insert(names[size / 2], at: Int.random(in: 0..<names.count, using: &generator)) }
        var members = names.enumerated().map { "\"\($0.element)\":\($0.offset)" }
        if repeated, size > 2 { members.append("\"k\\u0065y1\":-1") }  // "key1" spelt with an escape
        let text = "{" + members.joined(separator: ",") + "}"
        let mine = try TapeDecoder.decode([String: Int].self, from: Array(text.utf8))
        #expect(mine == (try JSONDecoder().decode([String: Int].self, from: Data(text.utf8))), "\(text)")
        let backwards = try TapeDecoder.decode(Backwards.self, from: Array(text.utf8))
        #expect(backwards == (try JSONDecoder().decode(Backwards.self, from: Data(text.utf8))), "\(text)")
        let letters = "jihgfedcba".map { "\"\($0)\":\(Int.random(in: 0..<99, using: &generator))" }
        let object =
          "{" + (letters + ["\"nested\":\(text)"] + (repeated ? ["\"c\":-5"] : [])).joined(separator: ",") + "}"
        let mixed = try TapeDecoder.decode(Mixed.self, from: Array(object.utf8))
        #expect(mixed == (try JSONDecoder().decode(Mixed.self, from: Data(object.utf8))), "\(object)")
      }
    }
  }

  @Test func deepNestingIsRefusedNotAStackOverflow() {
    let deep =
      [UInt8](repeating: UInt8(ascii: "["), count: 100_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)
    #expect(throws: DecodingError.self) { try TapeDecoder.decode(Value.self, from: deep) }
    func nested(_ depth: Int) -> [UInt8] {
      [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
    }
    #expect((try? TapeDecoder.decode(Value.self, from: nested(JSONTape.maximumDepth))) != nil)
    #expect(throws: DecodingError.self) { try TapeDecoder.decode(Value.self, from: nested(JSONTape.maximumDepth + 1)) }
  }

  @Test func datesAreReadAsTheStrategyTheWriterUsed() throws {
    struct Stamp: Codable, Equatable { var at: Date }
    let stamp = Stamp(at: Date(timeIntervalSince1970: 1_764_000_000))
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    #expect(try TapeDecoder.decode(Stamp.self, from: [UInt8](encoder.encode(stamp)), dates: .iso8601) == stamp)
    #expect(try TapeDecoder.decode(Stamp.self, from: [UInt8](JSONEncoder().encode(stamp))) == stamp)
    #expect(throws: DecodingError.self) {
      try TapeDecoder.decode(Stamp.self, from: Array(#"{"at":"yesterday"}"#.utf8), dates: .iso8601)
    }
  }
}

/// An object read through `allKeys`, then each key in the other order.
private struct Backwards: Decodable, Equatable {
  var values: [String: Int] = [:]

  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    for key in container.allKeys.reversed() { values[key.stringValue] = try container.decode(Int.self, forKey: key) }
  }
}

/// SplitMix64: the same shuffles on every run, so a failure can be reproduced.
private struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
