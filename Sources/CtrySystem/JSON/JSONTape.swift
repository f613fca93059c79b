/// A JSON document parsed once into a flat list of nodes (a "tape"), which `TapeDecoder` reads.
///
/// Each value is one node; an array's elements, and an object's keys and values in turn, follow their
/// container's node, and a container records the index just past its last descendant, so a reader
/// skips a subtree in one step. Strings and numbers keep their byte range; they become Swift values
/// only when a decoder asks for them. The grammar is RFC 8259's, as `JSONDecoder` reads it: one value
/// with white space around it, at most `maximumDepth` containers deep.
package final class JSONTape: Sendable {
  package enum Kind: UInt8, Sendable {
    case null, bool, number, string, array, object
  }

  package struct Node: Sendable {
    package var kind: Kind
    /// `true` for `true`; for a string, whether it has escapes.
    package var flag: Bool
    /// The bytes of a number, or of a string between its quotes.
    package var start: Int32
    package var end: Int32
    /// For a container: the index of the node after its last descendant, and its number of elements
    /// (of members, for an object).
    package var next: Int32
    package var count: Int32
  }

  package let bytes: [UInt8]
  package let nodes: [Node]
  /// Whether a `Date` is read from an ISO 8601 string (`JSONDecoder`'s `.iso8601` strategy) rather than
  /// by its own `Decodable` (a number of seconds, the default strategy).
  package let isoDates: Bool
  /// How a string-keyed dictionary is decoded (`DictionaryReading`).
  package let dictionaries: DictionaryReading

  /// Where the text stops being JSON, as `JSONDecoder`'s error says it: the byte offset and why.
  package struct SyntaxError: Error, Sendable {
    package var offset: Int
    package var reason: String
  }

  /// The deepest nesting read: ctry's own files and the servers' records nest a few containers
  /// deep, and anything deeper is not data ctry reads.
  package static let maximumDepth = 64

  package init(
    _ bytes: [UInt8], isoDates: Bool = false, dictionaries: DictionaryReading = .byItsOwnDecodable
  ) throws(SyntaxError) {
    self.bytes = bytes
    self.isoDates = isoDates
    self.dictionaries = dictionaries
    var nodes: [Node] = []
    nodes.reserveCapacity(bytes.count / 8)
    var parser = Parser(count: bytes.count)
    try bytes.withUnsafeBufferPointer { buffer throws(SyntaxError) in
      try parser.document(buffer, into: &nodes)
    }
    self.nodes = nodes
  }

  /// A tape made from another's nodes (`merged`).
  init(bytes: [UInt8], nodes: [Node], isoDates: Bool, dictionaries: DictionaryReading) {
    self.bytes = bytes
    self.nodes = nodes
    self.isoDates = isoDates
    self.dictionaries = dictionaries
  }

  /// The text of a string node, its escapes read. The parser has checked the bytes.
  package func string(_ node: Node) -> String {
    bytes.withUnsafeBufferPointer { buffer in
      let raw = UnsafeBufferPointer(rebasing: buffer[Int(node.start)..<Int(node.end)])
      guard node.flag else { return String(decoding: raw, as: UTF8.self) }
      var out: [UInt8] = []
      out.reserveCapacity(raw.count)
      do {
        try Self.unescape(raw, at: Int(node.start), into: &out)
      } catch {
        // Not reached: the parser refuses a document whose escapes do not read.
      }
      return String(decoding: out, as: UTF8.self)
    }
  }

  /// Whether two string nodes hold the same text. Texts without escapes that differ in length or first
  /// byte (most do) are told apart before any loop.
  @inline(__always) package func sameText(_ a: Node, _ b: Node) -> Bool {
    if a.flag || b.flag { return string(a) == string(b) }
    guard a.end - a.start == b.end - b.start else { return false }
    if a.end > a.start, bytes[Int(a.start)] != bytes[Int(b.start)] { return false }
    return bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      let length = Int(a.end - a.start)
      while offset < length, buffer[Int(a.start) + offset] == buffer[Int(b.start) + offset] { offset += 1 }
      return offset == length
    }
  }

  /// The bytes of a number node, as written.
  package func numberText(_ node: Node) -> String {
    String(decoding: bytes[Int(node.start)..<Int(node.end)], as: UTF8.self)
  }

  /// Reads the escapes of a string's bytes into `out`, or only checks them when `out` is nil.
  static func unescape(_ raw: UnsafeBufferPointer<UInt8>, at base: Int, into out: UnsafeMutablePointer<[UInt8]>?)
    throws(SyntaxError)
  {
    var index = 0
    func hex4(_ at: Int) throws(SyntaxError) -> UInt32 {
      guard at + 4 <= raw.count else { throw SyntaxError(offset: base + at, reason: "a short \\u escape") }
      var value: UInt32 = 0
      for byte in raw[at..<at + 4] {
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw SyntaxError(offset: base + at, reason: "a \\u escape that is not hexadecimal")
        }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
    while index < raw.count {
      let byte = raw[index]
      guard byte == UInt8(ascii: "\\") else {
        out?.pointee.append(byte)
        index += 1
        continue
      }
      // The parser has checked that a byte follows every backslash.
      let escaped = raw[index + 1]
      index += 2
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out?.pointee.append(escaped)
      case UInt8(ascii: "b"): out?.pointee.append(0x08)
      case UInt8(ascii: "f"): out?.pointee.append(0x0C)
      case UInt8(ascii: "n"): out?.pointee.append(0x0A)
      case UInt8(ascii: "r"): out?.pointee.append(0x0D)
      case UInt8(ascii: "t"): out?.pointee.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try hex4(index)
        index += 4
        if (0xD800..<0xDC00).contains(scalar) {
          guard index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u") else {
            throw SyntaxError(offset: base + index, reason: "a high surrogate without its low surrogate")
          }
          let low = try hex4(index + 2)
          guard (0xDC00..<0xE000).contains(low) else {
            throw SyntaxError(offset: base + index, reason: "a high surrogate without its low surrogate")
          }
          index += 6
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
          throw SyntaxError(offset: base + index, reason: "a low surrogate without its high surrogate")
        }
        guard let character = Unicode.Scalar(scalar) else {
          throw SyntaxError(offset: base + index, reason: "an invalid \\u escape")
        }
        out?.pointee.append(contentsOf: character.utf8)
      default:
        throw SyntaxError(offset: base + index - 1, reason: "an invalid escape")
      }
    }
  }

  /// The offset of the first byte that is not well-formed UTF-8 (RFC 3629: no overlong forms, no
  /// surrogates, nothing past U+10FFFF), or nil.
  static func firstInvalidUTF8(_ raw: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    while index < raw.count {
      let lead = raw[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var scalar: UInt32
      let smallest: UInt32
      switch lead {
      case 0xC0...0xDF: (length, scalar, smallest) = (1, UInt32(lead & 0x1F), 0x80)
      case 0xE0...0xEF: (length, scalar, smallest) = (2, UInt32(lead & 0x0F), 0x800)
      case 0xF0...0xF7: (length, scalar, smallest) = (3, UInt32(lead & 0x07), 0x10000)
      default: return index
      }
      guard index + length < raw.count else { return index }
      for offset in 1...length {
        let next = raw[index + offset]
        guard next & 0xC0 == 0x80 else { return index }
        scalar = scalar << 6 | UInt32(next & 0x3F)
      }
      guard scalar >= smallest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return index }
      index += length + 1
    }
    return nil
  }
}
