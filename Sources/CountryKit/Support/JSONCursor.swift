import Foundation

/// A forward-only reader of JSON text in UTF-8, for the decoding that start-up waits on (the bundled
/// dataset and the cache), where `JSONDecoder` took three quarters of the instructions.
///
/// It accepts a strict subset of what `JSONDecoder` accepts — RFC 8259 JSON without escaped object
/// keys, integers only where an `Int` is expected — and gives no detail when it stops: on `Mismatch`
/// the caller decodes again with `JSONDecoder`, which either succeeds (the input was outside the
/// subset) or names the field that is wrong. Skipped values are parsed as strictly as read ones, so
/// text that `JSONDecoder` rejects is never accepted here. One difference is left: of duplicate keys
/// (which RFC 8259 leaves undefined, and which ctry never writes) the last wins, not the first.
///
/// The bytes must stay valid while the cursor is used (`withUnsafeBytes`).
struct JSONCursor {
  /// The input is not in the subset this reader accepts; `JSONDecoder` knows more.
  struct Mismatch: Error {}

  /// Where the object or array being read is: before its first member or after one.
  struct Container {
    fileprivate var first = true
  }

  /// An object key, as its raw bytes (keys with escapes are a `Mismatch`).
  struct Key {
    let bytes: UnsafeRawBufferPointer

    /// True when the key is exactly `name`.
    func `is`(_ name: StaticString) -> Bool {
      guard name.utf8CodeUnitCount == bytes.count else { return false }
      let expected = name.utf8Start
      for offset in 0..<bytes.count where bytes[offset] != expected[offset] { return false }
      return true
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
  }

  private let bytes: UnsafeRawBufferPointer
  /// The same bytes as `Data`, when values are to be kept undecoded (`rawValue`).
  private let source: Data?
  private var position = 0

  init(_ bytes: UnsafeRawBufferPointer, source: Data? = nil, position: Int = 0) {
    self.bytes = bytes
    self.source = source
    self.position = position
  }

  /// True when only whitespace separates the cursor from `offset`.
  mutating func reached(_ offset: Int) -> Bool {
    skipSpace()
    return position == offset
  }

  /// The offset of the first comma at or after `target` that separates two elements of the top-level
  /// array, found by a quick scan that only tracks strings and nesting; nil if there is none. The
  /// text on each side is then read (and checked) in full by its own cursor.
  static func elementBoundary(in bytes: UnsafeRawBufferPointer, after target: Int) -> Int? {
    var depth = 0
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        // To the closing quote: the next quote not escaped by an odd run of backslashes.
        repeat {
          guard let base = bytes.baseAddress, index + 1 < bytes.count,
            let quote = memchr(base + index + 1, Int32(UInt8(ascii: "\"")), bytes.count - index - 1)
          else { return nil }
          index = base.distance(to: UnsafeRawPointer(quote))
          var backslashes = 0
          while bytes[index - 1 - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
          if backslashes % 2 == 0 { break }
        } while true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: ",") where depth == 1 && index >= target: return index
      default: break
      }
      index += 1
    }
    return nil
  }

  var hasSource: Bool { source != nil }

  /// The text of the value `skip` passes over, sharing the source's storage (empty without one).
  mutating func rawValue(_ skip: (inout JSONCursor) throws(Mismatch) -> Void) throws(Mismatch) -> Data {
    skipSpace()
    let start = position
    try skip(&self)
    guard let source else { return Data() }
    return source[(source.startIndex + start)..<(source.startIndex + position)]
  }

  // MARK: Structure

  /// Reads `{`; then call `nextKey(in:)` until it returns nil.
  mutating func beginObject() throws(Mismatch) -> Container {
    try consume(UInt8(ascii: "{"))
    return Container()
  }

  /// The next key of the object (its `:` consumed), or nil after the closing `}`.
  mutating func nextKey(in container: inout Container) throws(Mismatch) -> Key? {
    guard try beginMember(in: &container, closing: UInt8(ascii: "}")) else { return nil }
    try consume(UInt8(ascii: "\""))
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let key = Key(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        position += 1
        try consume(UInt8(ascii: ":"))
        return key
      }
      guard byte >= 0x20, byte != UInt8(ascii: "\\") else { throw Mismatch() }
      position += 1
    }
    throw Mismatch()
  }

  /// Reads an object: `member` reads the value of each key it knows and returns true; the values of
  /// the others are skipped.
  mutating func members(_ member: (Key, inout JSONCursor) throws(Mismatch) -> Bool) throws(Mismatch) {
    var object = try beginObject()
    while let key = try nextKey(in: &object) {
      if try !member(key, &self) { try skipValue() }
    }
  }

  /// Reads `[`; then call `nextElement(in:)` before each element until it returns false.
  mutating func beginArray() throws(Mismatch) -> Container {
    try consume(UInt8(ascii: "["))
    return Container()
  }

  /// True when another element follows; false after the closing `]`.
  mutating func nextElement(in container: inout Container) throws(Mismatch) -> Bool {
    try beginMember(in: &container, closing: UInt8(ascii: "]"))
  }

  /// Only whitespace may follow the top-level value.
  mutating func end() throws(Mismatch) {
    skipSpace()
    guard position == bytes.count else { throw Mismatch() }
  }

  private mutating func beginMember(in container: inout Container, closing: UInt8) throws(Mismatch) -> Bool {
    skipSpace()
    guard position < bytes.count else { throw Mismatch() }
    if bytes[position] == closing {
      position += 1
      return false
    }
    if container.first {
      container.first = false
    } else {
      try consume(UInt8(ascii: ","))
      skipSpace()
    }
    return true
  }

  // MARK: Values

  /// Consumes `null` and returns true, or leaves any other value in place.
  mutating func null() -> Bool {
    skipSpace()
    guard bytes.count - position >= 4, bytes[position] == UInt8(ascii: "n"), bytes[position + 1] == UInt8(ascii: "u"),
      bytes[position + 2] == UInt8(ascii: "l"), bytes[position + 3] == UInt8(ascii: "l")
    else { return false }
    position += 4
    return true
  }

  mutating func bool() throws(Mismatch) -> Bool {
    skipSpace()
    if try literal("true") { return true }
    if try literal("false") { return false }
    throw Mismatch()
  }

  mutating func string() throws(Mismatch) -> String {
    try consume(UInt8(ascii: "\""))
    let start = position
    if let text = try plainStringBody() { return String(decoding: text, as: UTF8.self) }
    return try escapedString(from: start)
  }

  /// Passes over a string, checking it as `string()` does without making it.
  mutating func skipString() throws(Mismatch) {
    try consume(UInt8(ascii: "\""))
    let start = position
    if try plainStringBody() == nil { _ = try escapedString(from: start) }
  }

  /// After an opening quote: the string's bytes, checked, with the closing quote consumed; nil (with
  /// the cursor on it) at the first backslash, for `escapedString` to take over.
  private mutating func plainStringBody() throws(Mismatch) -> UnsafeRawBufferPointer? {
    let start = position
    var ascii = true
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let text = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
        position += 1
        guard ascii || Self.isValidUTF8(text) else { throw Mismatch() }
        return text
      }
      if byte == UInt8(ascii: "\\") { return nil }
      guard byte >= 0x20 else { throw Mismatch() }
      if byte >= 0x80 { ascii = false }
      position += 1
    }
    throw Mismatch()
  }

  /// Well-formed UTF-8: shortest forms, no surrogates, nothing past U+10FFFF.
  static func isValidUTF8(_ text: UnsafeRawBufferPointer) -> Bool {
    var index = 0
    while index < text.count {
      let lead = text[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let (length, initial, minimum): (Int, UInt32, UInt32) =
        switch lead {
        case 0xC2...0xDF: (2, UInt32(lead & 0x1F), 0x80)
        case 0xE0...0xEF: (3, UInt32(lead & 0x0F), 0x800)
        case 0xF0...0xF4: (4, UInt32(lead & 0x07), 0x10000)
        default: (0, 0, 0)
        }
      guard length > 0, index + length <= text.count else { return false }
      var scalar = initial
      for offset in 1..<length {
        let continuation = text[index + offset]
        guard continuation & 0xC0 == 0x80 else { return false }
        scalar = scalar << 6 | UInt32(continuation & 0x3F)
      }
      guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return false }
      index += length
    }
    return true
  }

  /// An integer without fraction or exponent that fits `Int`.
  mutating func int() throws(Mismatch) -> Int {
    skipSpace()
    let negative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    let start = position
    var value = 0
    while position < bytes.count, case let digit = bytes[position] &- UInt8(ascii: "0"), digit < 10 {
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = times10.addingReportingOverflow(Int(digit))
      guard !overflow1, !overflow2 else { throw Mismatch() }
      value = next
      position += 1
    }
    let count = position - start
    guard count > 0, count == 1 || bytes[start] != UInt8(ascii: "0") else { throw Mismatch() }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") || bytes[position] | 0x20 == UInt8(ascii: "e") {
      throw Mismatch()
    }
    return negative ? -value : value
  }

  /// Any JSON number, as the nearest finite `Double`.
  mutating func double() throws(Mismatch) -> Double {
    skipSpace()
    let start = position
    try skipNumber()
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else { throw Mismatch() }
    return value
  }

  /// Reads and discards one value of any kind, as strictly as if it were kept.
  mutating func skipValue(depth: Int = 0) throws(Mismatch) {
    guard depth < 512 else { throw Mismatch() }
    skipSpace()
    guard position < bytes.count else { throw Mismatch() }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      var object = try beginObject()
      while try nextKey(in: &object) != nil { try skipValue(depth: depth + 1) }
    case UInt8(ascii: "["):
      var array = try beginArray()
      while try nextElement(in: &array) { try skipValue(depth: depth + 1) }
    case UInt8(ascii: "\""):
      try skipString()
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      _ = try bool()
    case UInt8(ascii: "n"):
      guard null() else { throw Mismatch() }
    default:
      try skipNumber()
    }
  }

  // MARK: Pieces

  private mutating func skipSpace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  private mutating func consume(_ byte: UInt8) throws(Mismatch) {
    skipSpace()
    guard position < bytes.count, bytes[position] == byte else { throw Mismatch() }
    position += 1
  }

  private mutating func literal(_ word: StaticString) throws(Mismatch) -> Bool {
    let count = word.utf8CodeUnitCount
    guard bytes.count - position >= count else { return false }
    for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
    position += count
    return true
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
  private mutating func skipNumber() throws(Mismatch) {
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
    let integerStart = position
    let integerDigits = skipDigits()
    guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw Mismatch() }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard skipDigits() > 0 else { throw Mismatch() }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
        position += 1
      }
      guard skipDigits() > 0 else { throw Mismatch() }
    }
  }

  private mutating func skipDigits() -> Int {
    let start = position
    while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
    return position - start
  }

  /// The slow path of `string()`: from the first backslash, unescaping into a buffer.
  private mutating func escapedString(from start: Int) throws(Mismatch) -> String {
    var buffer = Array(bytes[start..<position])
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = String(validating: buffer, as: UTF8.self) else { throw Mismatch() }
        return text
      case UInt8(ascii: "\\"):
        try unescape(into: &buffer)
      case ..<0x20:
        throw Mismatch()
      default:
        buffer.append(byte)
      }
    }
    throw Mismatch()
  }

  /// After a backslash: one escape, appended as UTF-8.
  private mutating func unescape(into buffer: inout [UInt8]) throws(Mismatch) {
    guard position < bytes.count else { throw Mismatch() }
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "u"):
      var value = try hex4()
      if (0xD800..<0xDC00).contains(value) {
        guard try literal("\\u") else { throw Mismatch() }
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low) else { throw Mismatch() }
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(value) else { throw Mismatch() }
      buffer.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
    default:
      throw Mismatch()
    }
  }

  private mutating func hex4() throws(Mismatch) -> UInt32 {
    guard bytes.count - position >= 4 else { throw Mismatch() }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw Mismatch()
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }
}

extension JSONCursor {
  typealias Read<T> = (inout JSONCursor) throws(Mismatch) -> T

  /// nil for `null`, else the value `read` reads.
  mutating func optional<T>(_ read: Read<T>) throws(Mismatch) -> T? {
    if null() { return nil }
    return try read(&self)
  }

  mutating func array<T>(_ read: Read<T>) throws(Mismatch) -> [T] {
    var array = try beginArray()
    var items: [T] = []
    while try nextElement(in: &array) { items.append(try read(&self)) }
    return items
  }

  /// An object read as a dictionary from its keys to values `read` reads.
  mutating func dictionary<T>(_ read: Read<T>) throws(Mismatch) -> [String: T] {
    var object = try beginObject()
    var items: [String: T] = [:]
    while let key = try nextKey(in: &object) { items[key.string] = try read(&self) }
    return items
  }

  // `null` or a value, for the optional fields of the model.
  mutating func optionalString() throws(Mismatch) -> String? { null() ? nil : try string() }
  mutating func optionalStrings() throws(Mismatch) -> [String]? { null() ? nil : try strings() }
  mutating func optionalBool() throws(Mismatch) -> Bool? { null() ? nil : try bool() }
  mutating func optionalInt() throws(Mismatch) -> Int? { null() ? nil : try int() }
  mutating func optionalDouble() throws(Mismatch) -> Double? { null() ? nil : try double() }
  mutating func optionalDoubles() throws(Mismatch) -> [Double]? { null() ? nil : try doubles() }

  mutating func strings() throws(Mismatch) -> [String] {
    try array { cursor throws(Mismatch) in try cursor.string() }
  }

  mutating func doubles() throws(Mismatch) -> [Double] {
    try array { cursor throws(Mismatch) in try cursor.double() }
  }
}
