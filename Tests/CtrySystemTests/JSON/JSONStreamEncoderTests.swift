import CountryModel
import CtrySystem
import CtryTestSupport
import Foundation
import Testing

/// `JSONStreamEncoder` stands in for `JSONEncoder` when the snapshot stores its records (BENCHMARKS.md
/// has the measurement): every value must give the document the library gives (read back, key order
/// aside), and every value the library refuses must be refused.
@Suite struct JSONStreamEncoderTests {
  typealias Value = TapeDecoderTests.Value

  /// The document `bytes` hold, read by the library.
  static func document(_ bytes: [UInt8]) throws -> Value { try JSONDecoder().decode(Value.self, from: Data(bytes)) }

  func expectSameDocument(_ value: some Encodable, _ comment: Comment? = nil) throws {
    try Self.expectSameDocument(value, comment)
  }

  static func expectSameDocument(_ value: some Encodable, _ comment: Comment? = nil) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    let theirs = try document([UInt8](try encoder.encode(value)))
    let mine = try JSONStreamEncoder.encode(value)
    #expect(try document(mine) == theirs, comment)
  }

  /// Each large document's sample (`TapeDecoderTests.Corpus`: records that together hold every kind of value the
  /// whole document holds) encodes as the library encodes it, record by record and as one list, and
  /// reads back as the same countries. Every record of every document: the stress lane
  /// (`TapeDecoderTests.everyRecordOfEveryCorpusReadsAndWritesAsTheLibrary`).
  @Test(arguments: [TestPaths.dataset, TestPaths.fixture("v3.1-all.json")])
  func everyRecordEncodesAsJSONEncoderEncodesIt(_ path: String) throws {
    let corpus = try #require(TapeDecoderTests.Corpus.all[path])
    let countries = try JSONDecoder().decode([Country].self, from: Data(corpus.sampleDocument))
    #expect(countries.count == corpus.sample.count)
    for country in countries {
      try expectSameDocument(country, "\(country.cca3)")
      // And the record reads back as the same country, by the library and by the snapshot's reader.
      let bytes = try JSONStreamEncoder.encode(country)
      #expect(try JSONDecoder().decode(Country.self, from: Data(bytes)) == country, "\(country.cca3)")
      #expect(try CountryDecoding.record(bytes) == country, "\(country.cca3)")
    }
    try expectSameDocument(countries)
  }

  /// Strings with every kind of byte a record may hold: quotes, backslashes, slashes, every control,
  /// DEL, C1 controls, line separators, combining marks, emoji, and server-sent escapes as text.
  @Test func stringsReadBackAsWritten() throws {
    let controls = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) })
    let texts = [
      "", "plain", "quote \" and \\ backslash", "a/b</script>", controls, "\u{7F}\u{80}\u{9B}[31m",
      "line\u{2028}para\u{2029}", "Côte d’Ivoire", "e\u{301}", "🇪🇬 مصر", #"\u0000 stays text"#,
    ]
    try expectSameDocument(texts)
    try expectSameDocument(Dictionary(uniqueKeysWithValues: texts.enumerated().map { ("\($1)#\($0)", $1) }))
    for text in texts { try expectSameDocument(text, "\(text.debugDescription)") }
  }

  @Test func numbersReadBackAsWritten() throws {
    let doubles: [Double] = [
      0, -0.0, 1, -1, 0.1, 1.5, 30.0, 1e16, 1e21, 1e-7, 123_456_789.125, .leastNonzeroMagnitude,
      .greatestFiniteMagnitude,
      -33.8688, 151.2093,
    ]
    try expectSameDocument(doubles)
    try expectSameDocument([Float(0.1), 3.25, -1e30])
    try expectSameDocument(Integers())
    for double in doubles { try expectSameDocument(double, "\(double)") }
  }

  /// Every integer type at its bounds.
  struct Integers: Encodable {
    var int = [Int.min, 0, Int.max]
    var int8 = [Int8.min, Int8.max]
    var int16 = [Int16.min, Int16.max]
    var int32 = [Int32.min, Int32.max]
    var int64 = [Int64.min, Int64.max]
    var uint = [UInt.max]
    var uint8 = [UInt8.max]
    var uint16 = [UInt16.max]
    var uint32 = [UInt32.max]
    var uint64 = [UInt64.max]
    var scalars = Scalars()
  }

  /// Each primitive through the keyed container's own overloads.
  struct Scalars: Encodable {
    var a: Int8 = -8
    var b: UInt16 = 16
    var c: Int64 = -64
    var d: UInt = 7
    var e: Float = 2.5
    var f: Bool = false
    var g: String? = nil
    var h: Double? = 2
  }

  /// Every container path: nested containers left open for the next key to close, a second request for
  /// the same container, super encoders (used and not), values that encode nothing, nulls, nesting.
  struct Shapes: Encodable {
    enum Key: String, CodingKey { case a, b, c, d, e, f, g, h }
    struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }

    func encode(to encoder: any Encoder) throws {
      var keyed = encoder.container(keyedBy: Key.self)
      var nested = keyed.nestedContainer(keyedBy: Key.self, forKey: .a)
      try nested.encode(1, forKey: .a)
      var list = nested.nestedUnkeyedContainer(forKey: .b)
      try list.encode("x")
      try list.encodeNil()
      var inner = list.nestedContainer(keyedBy: Key.self)
      try inner.encode(true, forKey: .c)
      var innerList = list.nestedUnkeyedContainer()
      try innerList.encode(Nothing())
      try list.encode([[Int]]())
      try keyed.encode(Nothing(), forKey: .b)
      try keyed.encodeNil(forKey: .c)
      _ = keyed.superEncoder()
      var single = keyed.superEncoder(forKey: .d).singleValueContainer()
      try single.encode("s")
      _ = keyed.nestedContainer(keyedBy: Key.self, forKey: .e)
      var again = encoder.container(keyedBy: Key.self)
      try again.encode([Optional<Int>.none, 3], forKey: .f)
      var listSuper = again.nestedUnkeyedContainer(forKey: .g)
      var superList = listSuper.superEncoder().unkeyedContainer()
      try superList.encode(2)
      _ = listSuper.superEncoder()
      try again.encode(["k": ["l": [Nothing()]]], forKey: .h)
    }
  }

  @Test func everyContainerPathGivesTheLibrarysDocument() throws {
    try expectSameDocument(Shapes())
    try expectSameDocument([Shapes(), Shapes()])
    try expectSameDocument(["only": Shapes()])
    try expectSameDocument([Shapes.Nothing()])
    try expectSameDocument(Optional<Int>.none)
    try expectSameDocument([[String: [Int]]]())
  }

  /// Writes to a nested container after its parent has moved on to another key.
  struct Interleaved: Encodable {
    enum Key: String, CodingKey { case a, b, c }
    func encode(to encoder: any Encoder) throws {
      var keyed = encoder.container(keyedBy: Key.self)
      var nested = keyed.nestedContainer(keyedBy: Key.self, forKey: .a)
      try keyed.encode(1, forKey: .b)
      try nested.encode(2, forKey: .c)
    }
  }

  @Test func whatTheLibraryRefusesIsRefused() throws {
    let refused: [(String, any Encodable)] = [
      ("nothing at the top", Shapes.Nothing()), ("nan", Double.nan), ("infinity in a list", [1, Double.infinity]),
      ("float infinity", ["f": Float.infinity]),
    ]
    for (name, value) in refused {
      #expect(throws: EncodingError.self, "\(name)") { try JSONEncoder().encode(value) }
      #expect(throws: EncodingError.self, "\(name)") { try JSONStreamEncoder.encode(value) }
    }
    // A container written to after a later member closed it: the library builds a tree and can go
    // back; a stream cannot, so it refuses rather than write a document the library would not.
    #expect(throws: EncodingError.self) { try JSONStreamEncoder.encode(Interleaved()) }
    #expect(throws: Never.self) { try JSONEncoder().encode(Interleaved()) }
    // Values whose JSON needs one of JSONEncoder's strategies are refused rather than written differently.
    let strategic: [any Encodable] = [Data([1, 2]), ["u": URL(fileURLWithPath: "/tmp")], [Date()], Decimal(1)]
    for value in strategic {
      #expect(throws: EncodingError.self, "\(type(of: value))") { try JSONStreamEncoder.encode(value) }
    }
  }
}
