/// A scalar written in the encoder's own slot.
extension JSONStreamEncoder: SingleValueEncodingContainer {
  package func encodeNil() throws { output.scalar("null") }
  package func encode(_ value: Bool) throws { output.scalar(value ? "true" : "false") }
  package func encode(_ value: String) throws { output.string(value) }
  package func encode(_ value: Double) throws { try output.number(value, encoded: value) }
  package func encode(_ value: Float) throws { try output.number(value, encoded: value) }
  package func encode(_ value: Int) throws { output.integer(value) }
  package func encode(_ value: Int8) throws { output.integer(value) }
  package func encode(_ value: Int16) throws { output.integer(value) }
  package func encode(_ value: Int32) throws { output.integer(value) }
  package func encode(_ value: Int64) throws { output.integer(value) }
  package func encode(_ value: UInt) throws { output.integer(value) }
  package func encode(_ value: UInt8) throws { output.integer(value) }
  package func encode(_ value: UInt16) throws { output.integer(value) }
  package func encode(_ value: UInt32) throws { output.integer(value) }
  package func encode(_ value: UInt64) throws { output.integer(value) }

  /// A value in this same slot, by its own conformance (`Optional`'s, a wrapper's).
  package func encode<T: Encodable>(_ value: T) throws {
    if let rejected = JSONOutput.unsupported(value) { throw rejected }
    try value.encode(to: self)
  }
}
