import FoundationEssentials

/// The scalar reads every container shares: a node's string, number or boolean, or a mismatch error.
extension TapeDecoder: SingleValueDecodingContainer {
  package func decodeNil() -> Bool { tape.nodes[node].kind == .null }

  package func decode(_ type: Bool.Type) throws -> Bool {
    let found = tape.nodes[node]
    guard found.kind == .bool else { throw mismatch(type, found) }
    return found.flag
  }

  package func decode(_ type: String.Type) throws -> String {
    let found = tape.nodes[node]
    guard found.kind == .string else { throw mismatch(type, found) }
    return tape.string(found)
  }

  package func decode(_ type: Double.Type) throws -> Double {
    let found = tape.nodes[node]
    guard found.kind == .number else { throw mismatch(type, found) }
    guard let value = Double(tape.numberText(found)), value.isFinite else { throw unfit(type, found) }
    return value
  }

  package func decode(_ type: Float.Type) throws -> Float {
    let value = try decode(Double.self)
    let narrowed = Float(value)
    guard narrowed.isFinite else { throw unfit(type, tape.nodes[node]) }
    return narrowed
  }

  package func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  package func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  package func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  package func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  package func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  package func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  package func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  package func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  package func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  package func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  package func decode<T: Decodable>(_ type: T.Type) throws -> T { try value(type) }

  /// Digits are read as an integer directly; a fraction or an exponent (`1.0`, `1e3`) is accepted when
  /// the value is a whole number in range, as `JSONDecoder` accepts it.
  private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    let found = tape.nodes[node]
    guard found.kind == .number else { throw mismatch(type, found) }
    let text = tape.numberText(found)
    if let value = T(text, radix: 10) { return value }
    if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let double = Double(text),
      let value = T(exactly: double)
    {
      return value
    }
    throw unfit(type, found)
  }

  private func unfit(_ type: Any.Type, _ found: JSONTape.Node) -> DecodingError {
    .dataCorrupted(
      DecodingError.Context(
        codingPath: codingPath,
        debugDescription: "Parsed JSON number <\(tape.numberText(found))> does not fit in \(type)."))
  }
}
