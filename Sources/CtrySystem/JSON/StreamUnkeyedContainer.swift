/// An array's elements as `JSONStreamEncoder` writes them, in order.
struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
  let output: JSONOutput
  /// The depth of the elements (one more than the array's slot).
  let depth: Int
  private(set) var count = 0

  init(output: JSONOutput, depth: Int) {
    self.output = output
    self.depth = depth
  }

  var codingPath: [any CodingKey] { [] }

  private mutating func start() {
    output.member(depth: depth)
    count += 1
  }

  mutating func encodeNil() throws {
    start()
    output.scalar("null")
  }
  mutating func encode(_ value: Bool) throws {
    start()
    output.scalar(value ? "true" : "false")
  }
  mutating func encode(_ value: String) throws {
    start()
    output.string(value)
  }
  mutating func encode(_ value: Double) throws {
    start()
    try output.number(value, encoded: value)
  }
  mutating func encode(_ value: Float) throws {
    start()
    try output.number(value, encoded: value)
  }
  mutating func encode(_ value: Int) throws { integer(value) }
  mutating func encode(_ value: Int8) throws { integer(value) }
  mutating func encode(_ value: Int16) throws { integer(value) }
  mutating func encode(_ value: Int32) throws { integer(value) }
  mutating func encode(_ value: Int64) throws { integer(value) }
  mutating func encode(_ value: UInt) throws { integer(value) }
  mutating func encode(_ value: UInt8) throws { integer(value) }
  mutating func encode(_ value: UInt16) throws { integer(value) }
  mutating func encode(_ value: UInt32) throws { integer(value) }
  mutating func encode(_ value: UInt64) throws { integer(value) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    start()
    try output.value(value, depth: depth)
  }

  private mutating func integer(_ value: some BinaryInteger) {
    start()
    output.integer(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    start()
    output.open(.object, depth: depth)
    return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(output: output, depth: depth + 1))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    start()
    output.open(.array, depth: depth)
    return StreamUnkeyedContainer(output: output, depth: depth + 1)
  }

  mutating func superEncoder() -> any Encoder {
    start()
    return JSONStreamEncoder(output: output, depth: depth)
  }
}
