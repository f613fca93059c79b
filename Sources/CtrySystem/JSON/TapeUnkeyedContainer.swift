import FoundationEssentials

/// An array's elements in order.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
  let tape: JSONTape
  let path: CodingPathLink?
  let count: Int?
  private(set) var currentIndex = 0
  /// The node of the current element.
  private var cursor: Int

  init(tape: JSONTape, node: Int, path: CodingPathLink?) {
    self.tape = tape
    self.path = path
    self.count = Int(tape.nodes[node].count)
    self.cursor = node + 1
  }

  var codingPath: [any CodingKey] { CodingPathLink.keys(path) }
  var isAtEnd: Bool { currentIndex >= count ?? 0 }

  mutating func decodeNil() throws -> Bool {
    guard try element(Never.self).kind == .null else { return false }
    advance()
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next { try $0.decode(type) } }
  mutating func decode(_ type: String.Type) throws -> String { try next { try $0.decode(type) } }
  mutating func decode(_ type: Double.Type) throws -> Double { try next { try $0.decode(type) } }
  mutating func decode(_ type: Float.Type) throws -> Float { try next { try $0.decode(type) } }
  mutating func decode(_ type: Int.Type) throws -> Int { try next { try $0.decode(type) } }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next { try $0.decode(type) } }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try next { try $0.decode(type) } }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try next { try $0.decode(type) } }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try next { try $0.decode(type) } }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next { try $0.decode(type) } }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next { try $0.decode(type) } }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next { try $0.decode(type) } }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next { try $0.decode(type) } }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next { try $0.decode(type) } }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next { try $0.value(type) } }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try next { try $0.container(keyedBy: type) }
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next { try $0.unkeyedContainer() }
  }

  mutating func superDecoder() throws -> any Decoder { try next { $0 } }

  /// Decodes the current element with `body` and moves past it only if that succeeds, as
  /// `JSONDecoder`'s container does.
  private mutating func next<T>(_ body: (TapeDecoder) throws -> T) throws -> T {
    _ = try element(T.self)
    let value = try body(TapeDecoder(tape: tape, node: cursor, parent: path, key: TapeIndexKey(intValue: currentIndex)))
    advance()
    return value
  }

  private func element(_ type: Any.Type) throws -> JSONTape.Node {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: codingPath + [TapeIndexKey(intValue: currentIndex)],
          debugDescription: "Unkeyed container is at end."))
    }
    return tape.nodes[cursor]
  }

  private mutating func advance() {
    let current = tape.nodes[cursor]
    cursor = current.kind.isContainer ? Int(current.next) : cursor + 1
    currentIndex += 1
  }
}
