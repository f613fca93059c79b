import CountryModel
import CtrySystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Records fetched in field chunks (`/all?fields=cca3,name,…`, then `/all?fields=cca3,tld,…`), decoded
/// as whole records: `TapeDecoder` reads every chunk's body in one document, and each record is
/// decoded by its model's own `Decodable` from the union of its chunks' objects, matched by `key`. No
/// JSON is built or written in between, and no field list other than the model's is needed.
struct ChunkedRecords<Record: Decodable>: DecodableWithConfiguration {
  /// The records in the order of their first appearance.
  package var records: [Record]

  static func decode(_ bodies: [Data], key: String) throws(APIError) -> [Record] {
    var document = Data("[".utf8)
    for (index, body) in bodies.enumerated() {
      if index > 0 { document.append(UInt8(ascii: ",")) }
      document.append(body)
    }
    document.append(UInt8(ascii: "]"))
    do {
      let configuration = Configuration(key: key, count: bodies.count)
      return try TapeDecoder.decode(Self.self, from: [UInt8](document), configuration: configuration).records
    } catch let error as ChunkProblem {
      throw error.error
    } catch let error as DecodingError {
      // A chunk that is not JSON spoils the whole document: name it.
      if let bad = bodies.firstIndex(where: { (try? TapeDecoder.decode([ObjectShape].self, from: $0)) == nil }) {
        throw .decoding("chunk \(bad + 1) of /all is not a JSON array of objects")
      }
      throw .decoding(CountryDecoding.describe(error))
    } catch {
      throw .decoding("\(error)")
    }
  }

  /// The key field that matches a record's objects, and how many chunks there are.
  struct Configuration {
    let key: String
    let count: Int
  }

  init(from decoder: any Decoder, configuration: Configuration) throws {
    let (key, count) = (configuration.key, configuration.count)
    var chunks = try decoder.unkeyedContainer()
    var parts: [String: [KeyedDecodingContainer<AnyCodingKey>]] = [:]
    var order: [String] = []
    while !chunks.isAtEnd {
      let chunk = chunks.currentIndex + 1
      guard chunk <= count, var list = try? chunks.nestedUnkeyedContainer() else {
        throw ChunkProblem(.decoding("chunk \(chunk) of /all is not a JSON array of objects"))
      }
      // Too many records is refused before any is decoded (2,000 records took seconds to decode
      // only to be refused after).
      if let records = list.count, let tooMany = DataLimits.tooMany(records) {
        throw ChunkProblem(.invalid(tooMany))
      }
      // A record twice in one chunk is a duplicate country: the union would hide it from the
      // refresh's own check, so it is caught here.
      var seen = Set<String>()
      while !list.isAtEnd {
        let position = list.currentIndex
        guard let record = try? list.nestedContainer(keyedBy: AnyCodingKey.self) else {
          throw ChunkProblem(.decoding("chunk \(chunk) of /all is not a JSON array of objects"))
        }
        guard let id = try? record.decode(String.self, forKey: AnyCodingKey(key)), !id.isEmpty else {
          throw ChunkProblem(.decoding("[\(position)].\(key): missing in chunk \(chunk)"))
        }
        guard seen.insert(id).inserted else {
          throw ChunkProblem(
            .invalid("[\(position)].\(key) \(Sanitized.line(id, limit: 10)) appears twice (chunk \(chunk))"))
        }
        if parts[id] == nil { order.append(id) }
        parts[id, default: []].append(record)
      }
    }
    guard chunks.currentIndex == count else {
      throw ChunkProblem(.decoding("chunk \(chunks.currentIndex + 1) of /all is missing"))
    }
    records = try order.map { try Record(from: UnionDecoder(parts: parts[$0] ?? [])) }
  }
}

/// Any JSON object (its members unread): the shape every chunk's elements must have.
private struct ObjectShape: Decodable {
  init(from decoder: any Decoder) throws { _ = try decoder.container(keyedBy: AnyCodingKey.self) }
}

/// A problem with the chunks themselves, as the refresh reports it.
private struct ChunkProblem: Error {
  let error: APIError
  init(_ error: APIError) { self.error = error }
}

/// Any key, by its string.
struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ key: String) { stringValue = key }
  init(_ key: some CodingKey) { stringValue = key.stringValue }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// One record seen through several objects: each key is read from the first object that has it.
private struct UnionDecoder: Decoder {
  let parts: [KeyedDecodingContainer<AnyCodingKey>]

  var codingPath: [any CodingKey] { parts.first?.codingPath ?? [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard !parts.isEmpty else {
      throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "no record"))
    }
    return KeyedDecodingContainer(UnionContainer<Key>(parts: parts))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw DecodingError.typeMismatch(
      [Any].self, .init(codingPath: codingPath, debugDescription: "a record is an object"))
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw DecodingError.typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "a record is an object"))
  }
}

/// The union's members. A key's object is found by asking each object in turn (a scan of its few
/// names, compared as bytes), which costs less than listing every object's keys as strings to hash
/// them (43 M instructions a refresh).
private struct UnionContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  /// Never empty (`UnionDecoder.container` checks).
  let parts: [KeyedDecodingContainer<AnyCodingKey>]
  var codingPath: [any CodingKey] { parts[0].codingPath }

  var allKeys: [Key] {
    Set(parts.flatMap { $0.allKeys.map(\.stringValue) }).sorted().compactMap { Key(stringValue: $0) }
  }

  func contains(_ key: Key) -> Bool { owner(key) != nil }

  /// The first object that has `key`, or nil.
  private func owner(_ key: Key) -> KeyedDecodingContainer<AnyCodingKey>? {
    let key = AnyCodingKey(key)
    return parts.first { $0.contains(key) }
  }

  /// The object that has `key`; the first when none has it, which then reports the key missing.
  private func part(_ key: Key) -> KeyedDecodingContainer<AnyCodingKey> { owner(key) ?? parts[0] }

  func decodeNil(forKey key: Key) throws -> Bool { try part(key).decodeNil(forKey: AnyCodingKey(key)) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try part(key).decode(type, forKey: AnyCodingKey(key))
  }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try part(key).decode(type, forKey: .init(key)) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try part(key).decode(type, forKey: .init(key)) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try part(key).decode(type, forKey: .init(key)) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try part(key).decode(type, forKey: .init(key)) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try part(key).decode(type, forKey: .init(key)) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try part(key).decode(type, forKey: .init(key)) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try part(key).decode(type, forKey: .init(key)) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try part(key).decode(type, forKey: .init(key)) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try part(key).decode(type, forKey: .init(key)) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try part(key).decode(type, forKey: .init(key)) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try part(key).decode(type, forKey: .init(key)) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try part(key).decode(type, forKey: .init(key)) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try part(key).decode(type, forKey: .init(key)) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try part(key).decode(type, forKey: .init(key)) }

  // An optional member is found once, in its object, rather than by `contains`, `decodeNil` and
  // `decode` in turn (the protocol's default).
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try owner(key)?.decodeIfPresent(type, forKey: .init(key))
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try owner(key)?.decodeIfPresent(type, forKey: .init(key))
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try owner(key)?.decodeIfPresent(type, forKey: .init(key))
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try owner(key)?.decodeIfPresent(type, forKey: .init(key))
  }
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try owner(key)?.decodeIfPresent(type, forKey: .init(key))
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try part(key).nestedContainer(keyedBy: type, forKey: AnyCodingKey(key))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try part(key).nestedUnkeyedContainer(forKey: AnyCodingKey(key))
  }

  func superDecoder() throws -> any Decoder { try parts[0].superDecoder() }
  func superDecoder(forKey key: Key) throws -> any Decoder { try part(key).superDecoder(forKey: AnyCodingKey(key)) }
}
