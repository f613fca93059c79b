import FoundationEssentials

/// An object's members by key. A key that appears twice reads its first value, as in `JSONDecoder`.
/// A small object is scanned for each key; a large one is indexed once.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let tape: JSONTape
  let node: Int
  let path: CodingPathLink?
  /// For an object of more than `scanLimit` members, each name's first value: a lookup that scans would
  /// make decoding a large dictionary quadratic (a hostile payload's 100,000 keys).
  private let index: [String: Int]?

  static var scanLimit: Int { 64 }

  init(tape: JSONTape, node: Int, path: CodingPathLink?) {
    self.tape = tape
    self.node = node
    self.path = path
    let members = Int(tape.nodes[node].count)
    guard members > Self.scanLimit else {
      index = nil
      return
    }
    var index: [String: Int] = [:]
    index.reserveCapacity(members)
    var position = node + 1
    for _ in 0..<members {
      let value = position + 1
      let name = tape.string(tape.nodes[position])
      if index[name] == nil { index[name] = value }
      position = tape.nodes[value].kind.isContainer ? Int(tape.nodes[value].next) : value + 1
    }
    self.index = index
  }

  var codingPath: [any CodingKey] { CodingPathLink.keys(path) }

  /// Every key once, in the order of first appearance. A repeat is found by comparing names
  /// (`JSONTape.sameText`), or in the index of a large object. One loop, not a closure per member: a
  /// generic closure fetches its `Key` metadata on every call.
  var allKeys: [Key] {
    let nodes = tape.nodes
    let members = Int(nodes[node].count)
    var keys: [Key] = []
    keys.reserveCapacity(members)
    var names: [Int] = []
    if index == nil { names.reserveCapacity(members) }
    var position = node + 1
    for _ in 0..<members {
      let (nameNode, value) = (position, position + 1)
      let name = nodes[nameNode]
      position = nodes[value].kind.isContainer ? Int(nodes[value].next) : value + 1
      let text: String
      if let index {
        // The first appearance of a name is the one the index holds.
        text = tape.string(name)
        guard index[text] == value else { continue }
      } else {
        guard !names.contains(where: { tape.sameText(nodes[$0], name) }) else { continue }
        names.append(nameNode)
        text = tape.string(name)
      }
      if let key = Key(stringValue: text) { keys.append(key) }
    }
    return keys
  }

  func contains(_ key: Key) -> Bool { value(for: key) != nil }

  func decodeNil(forKey key: Key) throws -> Bool {
    try tape.nodes[required(key)].kind == .null
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(for: key).decode(type) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(for: key).decode(type) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(for: key).decode(type) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(for: key).decode(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(for: key).decode(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(for: key).decode(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(for: key).decode(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(for: key).decode(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(for: key).decode(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(for: key).decode(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(for: key).decode(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(for: key).decode(type) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(for: key).decode(type) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(for: key).decode(type) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(for: key).value(type) }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key)?.decode(type) }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key)?.decode(type) }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key)?.decode(type) }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key)?.decode(type) }
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let decoder = present(key) else { return nil }
    return try decoder.value(type)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try decoder(for: key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder(for: key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    TapeDecoder(tape: tape, node: try required(TapeIndexKey.superKey), parent: path, key: TapeIndexKey.superKey)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }

  // MARK: Lookup

  /// The node of `key`'s value (its first, if the key repeats).
  private func value(for key: some CodingKey) -> Int? {
    if let index { return index[key.stringValue] }
    return tape.member(key.stringValue, of: node)
  }

  private func required(_ key: some CodingKey) throws -> Int {
    guard let value = value(for: key) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
    }
    return value
  }

  private func decoder(for key: Key) throws -> TapeDecoder {
    TapeDecoder(tape: tape, node: try required(key), parent: path, key: TapeIndexKey(key))
  }

  /// A decoder for `key`'s value, or nil when the key is missing or its value is null.
  private func present(_ key: Key) -> TapeDecoder? {
    guard let value = value(for: key), tape.nodes[value].kind != .null else { return nil }
    return TapeDecoder(tape: tape, node: value, parent: path, key: TapeIndexKey(key))
  }
}

/// A coding key that can travel in a `Sendable` path: a copy of another key's string and integer value,
/// or an array index, whose text ("Index 3", as `JSONDecoder` names it) is made only when asked (for
/// an error). Three words, so an existential holds it without a box.
struct TapeIndexKey: CodingKey, Sendable {
  /// The key's text; empty for an array index.
  private let name: String
  /// The integer value, or `Int.min` for none.
  private let number: Int
  private static let none = Int.min

  init(stringValue: String) {
    name = stringValue
    number = Self.none
  }

  init(intValue: Int) {
    name = ""
    number = intValue
  }

  /// A dictionary's key, as `Dictionary`'s own coding key makes it: its integer value is the text's,
  /// when the text is a number (`"3"`).
  init(dictionaryKey: String) {
    name = dictionaryKey
    number = Int(dictionaryKey) ?? Self.none
  }

  init(_ key: some CodingKey) {
    name = key.stringValue
    number = key.intValue ?? Self.none
  }

  /// An array index's text is made here; a key with an empty name and an integer value reads as one
  /// too, which only an error message could show.
  var stringValue: String { name.isEmpty && number != Self.none ? "Index \(number)" : name }
  var intValue: Int? { number == Self.none ? nil : number }

  static let superKey = TapeIndexKey(stringValue: "super")
}
