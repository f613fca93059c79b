import FoundationEssentials

/// An `Encoder` that writes compact JSON bytes as the value's own `Encodable` conformance runs: the
/// writing counterpart of `TapeDecoder`, for the records a snapshot stores.
///
/// `JSONEncoder` first builds a tree of boxed values (a dictionary per object) and then serialises
/// it; this writes each key and value once, in the order the conformance encodes them (BENCHMARKS.md
/// has the measurement). Every value is written
/// as `JSONEncoder` writes it with its default strategies and `.withoutEscapingSlashes` (strings,
/// numbers, booleans, null, arrays, string-keyed objects, `{}` for a value that encodes nothing,
/// an error for a non-finite number or a top-level value that encodes nothing); only the order of an
/// object's keys may differ (`JSONEncoder`'s follows its dictionary, this one the conformance's).
/// A `Data`, `URL`, `Date` or `Decimal` would need `JSONEncoder`'s strategies, so none is accepted:
/// encoding one is an `EncodingError`; so is writing to a container after a later member of its parent
/// has closed it (a stream cannot go back; no model type does it). `JSONStreamEncoderTests` holds it to `JSONEncoder`'s documents
/// on every bundled and fixture record and on values built to reach every container path.
package struct JSONStreamEncoder: Encoder {
  let output: JSONOutput
  /// How many containers enclose this value's slot (0 at the top).
  let depth: Int

  package var codingPath: [any CodingKey] { [] }
  package var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// The compact JSON of `value`.
  package static func encode(_ value: some Encodable) throws -> [UInt8] {
    let output = JSONOutput()
    try output.value(value, depth: 0)
    if output.reopened {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(codingPath: [], debugDescription: "A container was written to after it was closed."))
    }
    guard output.filled else {
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: [], debugDescription: "Top-level value did not encode any values."))
    }
    return output.bytes
  }

  package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    output.open(.object, depth: depth)
    return KeyedEncodingContainer(StreamKeyedContainer<Key>(output: output, depth: depth + 1))
  }

  package func unkeyedContainer() -> any UnkeyedEncodingContainer {
    output.open(.array, depth: depth)
    return StreamUnkeyedContainer(output: output, depth: depth + 1)
  }

  package func singleValueContainer() -> any SingleValueEncodingContainer { self }
}

/// The bytes written so far and the containers still open, innermost last. A container is closed when
/// something is written at its own depth or further out: the `Encoder` protocol never says when a
/// container is finished, and a conformance may leave a nested container to be closed by the next key.
final class JSONOutput {
  enum Kind: UInt8 {
    case object = 0x7B  // {
    case array = 0x5B  // [
    var closer: UInt8 { rawValue + 2 }  // } and ]
  }

  // Unchecked exclusivity: a write never calls out while it holds one of these, so the checks would
  // guard nothing.
  @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
  /// The open containers: kind and how many members each has so far.
  @exclusivity(unchecked) private var open: [(kind: Kind, count: Int)] = []
  /// Whether the slot being written has received a value (a scalar or a container).
  @exclusivity(unchecked) private(set) var filled = false
  /// Whether a container was written to after it had been closed (the document is then refused).
  private(set) var reopened = false

  init() { bytes.reserveCapacity(4096) }

  /// Writes `value` into a slot `depth` containers deep, then closes what it opened; a value that
  /// encodes nothing is `{}`, as `JSONEncoder` writes it.
  func value(_ value: some Encodable, depth: Int) throws {
    if let rejected = Self.unsupported(value) { throw rejected }
    filled = false
    try value.encode(to: JSONStreamEncoder(output: self, depth: depth))
    if depth > 0 { fillEmptySlot() }
    close(to: depth)
  }

  /// Writes `{}` in a slot left empty: a value that encoded nothing, or a `superEncoder()` not used.
  private func fillEmptySlot() {
    guard !filled else { return }
    bytes.append(0x7B)
    bytes.append(0x7D)
    filled = true
  }

  /// Opens a container in the slot at `depth`, or keeps the one a second request of the same kind
  /// finds there (a conformance may ask its encoder for its keyed container twice).
  func open(_ kind: Kind, depth: Int) {
    if open.count < depth { reopened = true }
    if open.count > depth, open[depth].kind == kind {
      close(to: depth + 1)
      return
    }
    close(to: depth)
    bytes.append(kind.rawValue)
    open.append((kind, 0))
    filled = true
  }

  /// Starts a member of the container `depth` deep (its members are at `depth`): closes anything
  /// nested that is still open and writes the comma.
  func member(depth: Int) {
    fillEmptySlot()
    close(to: depth)
    let index = depth - 1
    guard open.indices.contains(index) else {
      reopened = true
      return
    }
    if open[index].count > 0 { bytes.append(0x2C) }
    open[index].count += 1
    filled = false
  }

  /// Starts an object member: the comma, the key, the colon.
  func member(key: String, depth: Int) {
    member(depth: depth)
    string(key)
    bytes.append(0x3A)
    filled = false
  }

  /// Closes every container deeper than `depth` levels.
  func close(to depth: Int) {
    guard open.count > depth else { return }
    fillEmptySlot()
    while open.count > depth {
      bytes.append(open.removeLast().kind.closer)
    }
  }

  func scalar(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    filled = true
  }

  func integer(_ value: some BinaryInteger) {
    bytes.append(contentsOf: value.description.utf8)
    filled = true
  }

  /// A finite number as `JSONEncoder` writes it: the shortest text that reads back to the same value,
  /// without a trailing `.0`.
  func number(_ value: some BinaryFloatingPoint & LosslessStringConvertible, encoded: any Encodable) throws {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        encoded,
        EncodingError.Context(codingPath: [], debugDescription: "Unable to encode \(value) directly in JSON."))
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    bytes.append(contentsOf: text.utf8)
    filled = true
  }

  /// A string in quotes: `"` and `\` escaped, controls below U+0020 as `\n`-style or `\u00XX`
  /// escapes, everything else (slashes too) as it is.
  func string(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      bytes.append(0x22)
      // The runs between escapes are copied whole.
      var run = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
        escape(byte)
        run = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
      bytes.append(0x22)
    }
    filled = true
  }

  private func escape(_ byte: UInt8) {
    bytes.append(0x5C)
    switch byte {
    case 0x22, 0x5C: bytes.append(byte)
    case 0x0A: bytes.append(0x6E)  // n
    case 0x0D: bytes.append(0x72)  // r
    case 0x09: bytes.append(0x74)  // t
    case 0x08: bytes.append(0x62)  // b
    case 0x0C: bytes.append(0x66)  // f
    default:
      let hex = Array("0123456789abcdef".utf8)
      bytes.append(contentsOf: [0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])  // u00XX
    }
  }

  /// The error for a type whose JSON needs one of `JSONEncoder`'s strategies, or nil.
  static func unsupported(_ value: some Encodable) -> EncodingError? {
    let type = type(of: value)
    guard type == Data.self || type == URL.self || type == Date.self || type == Decimal.self else { return nil }
    return EncodingError.invalidValue(
      value,
      EncodingError.Context(codingPath: [], debugDescription: "JSONStreamEncoder does not encode \(type) values."))
  }
}
