/// An object's members as `JSONStreamEncoder` writes them: each key, then its value, in the order the
/// conformance encodes them.
struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let output: JSONOutput
  /// The depth of the members (one more than the object's slot).
  let depth: Int

  var codingPath: [any CodingKey] { [] }

  private func start(_ key: Key) { output.member(key: key.stringValue, depth: depth) }

  mutating func encodeNil(forKey key: Key) throws {
    start(key)
    output.scalar("null")
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    start(key)
    output.scalar(value ? "true" : "false")
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    start(key)
    output.string(value)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    start(key)
    try output.number(value, encoded: value)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    start(key)
    try output.number(value, encoded: value)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { integer(value, key) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    start(key)
    try output.value(value, depth: depth)
  }

  private func integer(_ value: some BinaryInteger, _ key: Key) {
    start(key)
    output.integer(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    start(key)
    output.open(.object, depth: depth)
    return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(output: output, depth: depth + 1))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    start(key)
    output.open(.array, depth: depth)
    return StreamUnkeyedContainer(output: output, depth: depth + 1)
  }

  /// `super`'s slot, as `JSONEncoder` names it.
  mutating func superEncoder() -> any Encoder {
    output.member(key: "super", depth: depth)
    return JSONStreamEncoder(output: output, depth: depth)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    start(key)
    return JSONStreamEncoder(output: output, depth: depth)
  }
}
