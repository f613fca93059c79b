import FoundationEssentials

/// A `Decoder` over a `JSONTape`: the model's own `Codable` conformances read parsed JSON, and
/// `JSONDecoder` is not needed.
///
/// Every value decodes by its own `init(from:)`, which is what `JSONDecoder` does with its default
/// strategies for every type ctry decodes (strings, numbers, booleans, arrays, string-keyed
/// dictionaries, optionals and nested structs; `Date` from an ISO 8601 string when asked). A `Data` or
/// a `URL` would decode differently (`JSONDecoder` reads base64 and URL strings), so no decoded type has
/// one. The tape is parsed once, without a dictionary per object, and a key is found by comparing bytes
/// (or in an index, for a large object), so a record decodes faster than through `JSONDecoder`
/// (BENCHMARKS.md has the measurement). The first record of a run still pays the generic metadata of
/// the `Codable` conformances, as any decoder does. `TapeDecoderTests` holds it to `JSONDecoder`'s
/// results on every bundled and fixture document and record, and on damaged ones.
package struct TapeDecoder: Decoder {
  let tape: JSONTape
  let node: Int
  /// The path to the container this value is in, and the value's key there (nil at the top).
  let parent: CodingPathLink?
  let key: TapeIndexKey?

  package var codingPath: [any CodingKey] { CodingPathLink.keys(path) }
  package var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(tape: JSONTape, node: Int, parent: CodingPathLink?, key: TapeIndexKey?) {
    self.tape = tape
    self.node = node
    self.parent = parent
    self.key = key
  }

  /// The whole path as a link, made only when a container needs it, so a scalar costs no allocation.
  var path: CodingPathLink? { key.map { CodingPathLink(parent: parent, key: $0) } ?? parent }

  /// How a `Date` is written: as its own `Codable` writes it (seconds since 2001, `JSONDecoder`'s
  /// default), or as an ISO 8601 string (its `.iso8601` strategy).
  package enum Dates: Sendable {
    case secondsSinceReferenceDate, iso8601
  }

  /// Decodes a `T` from JSON text; a syntax error is `DecodingError.dataCorrupted`, as from `JSONDecoder`.
  package static func decode<T: Decodable>(
    _ type: T.Type, from bytes: [UInt8], dates: Dates = .secondsSinceReferenceDate,
    dictionaries: DictionaryReading = .byItsOwnDecodable
  ) throws -> T {
    try root(bytes, dates: dates, dictionaries: dictionaries).value(T.self)
  }

  package static func decode<T: Decodable>(
    _ type: T.Type, from data: Data, dictionaries: DictionaryReading = .byItsOwnDecodable
  ) throws -> T {
    try decode(type, from: [UInt8](data), dictionaries: dictionaries)
  }

  /// Decodes a `T` from a tape already parsed (or `merged`).
  package static func decode<T: Decodable>(_ type: T.Type, from tape: JSONTape) throws -> T {
    try TapeDecoder(tape: tape, node: 0, parent: nil, key: nil).value(T.self)
  }

  private static func root(_ bytes: [UInt8], dates: Dates, dictionaries: DictionaryReading) throws -> TapeDecoder {
    do {
      let tape = try JSONTape(bytes, isoDates: dates == .iso8601, dictionaries: dictionaries)
      return TapeDecoder(tape: tape, node: 0, parent: nil, key: nil)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [],
          debugDescription: "The given data was not valid JSON: \(error.reason) at byte \(error.offset).")
      )
    }
  }

  /// A `T` by its own `Decodable`; a `Date` from an ISO 8601 string when the document says so (one
  /// comparison of type metadata, not a conformance check); a string-keyed dictionary from an object
  /// in one pass when the document says so (`DictionaryReading`).
  func value<T: Decodable>(_ type: T.Type) throws -> T {
    if tape.isoDates, T.self == Date.self { return try isoDate(type) }
    // A conformance check is not free even once cached, so it is made only for an object that a
    // value of T's size could be: a dictionary is one reference, a struct larger.
    if tape.dictionaries == .memberByMember, MemoryLayout<T>.size == MemoryLayout<[String: Int]>.size,
      tape.nodes[node].kind == .object, let dictionary = T.self as? any TapeDecodableDictionary.Type
    {
      return try members(of: dictionary, as: type)
    }
    return try T(from: self)
  }

  /// The dictionary apart, for the same reason as the date: its cast back to `T` needs `Optional<T>`.
  @inline(never)
  private func members<T>(of dictionary: any TapeDecodableDictionary.Type, as type: T.Type) throws -> T {
    // `dictionary` is `T`: the cast cannot fail.
    guard let value = try dictionary.init(members: self) as? T else {
      throw DecodingError.typeMismatch(
        type, DecodingError.Context(codingPath: codingPath, debugDescription: "Expected to decode \(type)."))
    }
    return value
  }

  /// The date apart, so that `value` needs no `Optional<T>` metadata on every call.
  @inline(never)
  private func isoDate<T: Decodable>(_ type: T.Type) throws -> T {
    let text = try decode(String.self)
    guard let date = try? Date.ISO8601FormatStyle().parse(text), let value = date as? T else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: codingPath, debugDescription: "Expected date string to be ISO8601-formatted.")
      )
    }
    return value
  }

  package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let found = tape.nodes[node]
    guard found.kind == .object else { throw mismatch([String: Any].self, found) }
    return KeyedDecodingContainer(TapeKeyedContainer<Key>(tape: tape, node: node, path: path))
  }

  package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let found = tape.nodes[node]
    guard found.kind == .array else { throw mismatch([Any].self, found) }
    return TapeUnkeyedContainer(tape: tape, node: node, path: path)
  }

  package func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  /// `valueNotFound` for a null, `typeMismatch` otherwise: `JSONDecoder`'s errors.
  func mismatch(_ type: Any.Type, _ found: JSONTape.Node) -> DecodingError {
    let context = DecodingError.Context(
      codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(found.kind.described) instead.")
    return found.kind == .null ? .valueNotFound(type, context) : .typeMismatch(type, context)
  }
}

/// A coding path as a list from the innermost key out, so a nested decoder costs one small object
/// rather than a copied array; `codingPath` builds the array only when asked (for an error).
final class CodingPathLink: Sendable {
  let parent: CodingPathLink?
  let key: any CodingKey & Sendable

  init(parent: CodingPathLink?, key: any CodingKey & Sendable) {
    self.parent = parent
    self.key = key
  }

  static func keys(_ link: CodingPathLink?) -> [any CodingKey] {
    var keys: [any CodingKey] = []
    var link = link
    while let current = link {
      keys.append(current.key)
      link = current.parent
    }
    return keys.reversed()
  }
}

extension JSONTape.Kind {
  var isContainer: Bool { self == .array || self == .object }

  var described: String {
    switch self {
    case .null: "null"
    case .bool: "bool"
    case .number: "number"
    case .string: "a string"
    case .array: "an array"
    case .object: "a dictionary"
    }
  }
}
