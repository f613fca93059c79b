/// A JSON value for the fake REST Countries server: objects keep their members' order and numbers keep
/// their literal text, so a payload re-serialized after `?fields=` filtering reads like the original
/// (`1002450.0` stays `1002450.0`, `"name"` stays before `"tld"`).
enum FakeJSON: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([FakeJSON])
  case object([FakeJSONMember])

  static func int(_ value: Int) -> FakeJSON { .number(String(value)) }

  /// An object from key/value pairs, leaving out the pairs whose value is nil.
  static func make(_ pairs: [(String, FakeJSON?)]) -> FakeJSON {
    .object(pairs.compactMap { key, value in value.map { FakeJSONMember(key: key, value: $0) } })
  }

  subscript(key: String) -> FakeJSON? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  var array: [FakeJSON]? {
    if case .array(let value) = self { return value }
    return nil
  }

  var members: [FakeJSONMember]? {
    if case .object(let value) = self { return value }
    return nil
  }

  var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The strings of an array value (non-strings skipped); empty when this is not an array.
  var strings: [String] { array?.compactMap(\.string) ?? [] }

  /// The object keeping only the members named in `keys` (in the object's own order).
  func keeping(_ keys: Set<String>) -> FakeJSON {
    guard case .object(let members) = self else { return self }
    return .object(members.filter { keys.contains($0.key) })
  }

  // MARK: Serializing

  /// Compact UTF-8 JSON text.
  func serialized() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    write(to: &out)
    return out
  }

  private func write(to out: inout [UInt8]) {
    switch self {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
    case .number(let text): out.append(contentsOf: text.utf8)
    case .string(let text): Self.writeString(text, to: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        item.write(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        Self.writeString(member.key, to: &out)
        out.append(UInt8(ascii: ":"))
        member.value.write(to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func writeString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
      case 0x0A: out.append(contentsOf: #"\n"#.utf8)
      case 0x0D: out.append(contentsOf: #"\r"#.utf8)
      case 0x09: out.append(contentsOf: #"\t"#.utf8)
      case 0x00..<0x20:
        out.append(contentsOf: #"\u00"#.utf8)
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 0x0F)])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  // MARK: Parsing

  struct ParseError: Error, CustomStringConvertible {
    var offset: Int
    var reason: String
    var description: String { "invalid JSON at byte \(offset): \(reason)" }
  }

  /// Parses a whole JSON document (RFC 8259; nesting limited to 512 levels).
  static func parse(_ bytes: [UInt8]) throws -> FakeJSON {
    var parser = Parser(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.index == bytes.count else { throw ParseError(offset: parser.index, reason: "trailing characters") }
    return value
  }

  private struct Parser {
    let bytes: [UInt8]
    var index = 0

    mutating func skipWhitespace() {
      while index < bytes.count,
        bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
          || bytes[index] == 0x09
      {
        index += 1
      }
    }

    func fail(_ reason: String) -> ParseError { ParseError(offset: index, reason: reason) }

    mutating func expect(_ literal: String) throws {
      for byte in literal.utf8 {
        guard index < bytes.count, bytes[index] == byte else { throw fail("expected \(literal)") }
        index += 1
      }
    }

    mutating func parseValue(depth: Int) throws -> FakeJSON {
      guard depth < 512 else { throw fail("nested too deeply") }
      guard index < bytes.count else { throw fail("unexpected end") }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        var members: [FakeJSONMember] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        }
        while true {
          skipWhitespace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
          let key = try parseString()
          skipWhitespace()
          try expect(":")
          skipWhitespace()
          members.append(FakeJSONMember(key: key, value: try parseValue(depth: depth + 1)))
          skipWhitespace()
          guard index < bytes.count else { throw fail("unterminated object") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
          } else if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
          } else {
            throw fail("expected , or }")
          }
        }
      case UInt8(ascii: "["):
        index += 1
        var items: [FakeJSON] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(items)
        }
        while true {
          skipWhitespace()
          items.append(try parseValue(depth: depth + 1))
          skipWhitespace()
          guard index < bytes.count else { throw fail("unterminated array") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
          } else if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
          } else {
            throw fail("expected , or ]")
          }
        }
      case UInt8(ascii: "\""):
        return .string(try parseString())
      case UInt8(ascii: "t"):
        try expect("true")
        return .bool(true)
      case UInt8(ascii: "f"):
        try expect("false")
        return .bool(false)
      case UInt8(ascii: "n"):
        try expect("null")
        return .null
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let start = index
        while index < bytes.count {
          switch bytes[index] {
          case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            index += 1
          default:
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
          }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
      default:
        throw fail("unexpected character")
      }
    }

    mutating func parseHex4() throws -> UInt32 {
      guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = bytes[index]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw fail("bad \\u escape")
        }
        value = value << 4 | UInt32(digit)
        index += 1
      }
      return value
    }

    /// Parses a string starting at its opening quote.
    mutating func parseString() throws -> String {
      index += 1
      var out: [UInt8] = []
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          return String(decoding: out, as: UTF8.self)
        case UInt8(ascii: "\\"):
          guard index < bytes.count else { throw fail("unterminated escape") }
          let escape = bytes[index]
          index += 1
          switch escape {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
          case UInt8(ascii: "b"): out.append(0x08)
          case UInt8(ascii: "f"): out.append(0x0C)
          case UInt8(ascii: "n"): out.append(0x0A)
          case UInt8(ascii: "r"): out.append(0x0D)
          case UInt8(ascii: "t"): out.append(0x09)
          case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            {
              index += 2
              let low = try parseHex4()
              if (0xDC00..<0xE000).contains(low) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
              }
            }
            out.append(contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
          default: throw fail("bad escape")
          }
        default:
          out.append(byte)
        }
      }
      throw fail("unterminated string")
    }
  }
}

struct FakeJSONMember: Sendable, Equatable {
  var key: String
  var value: FakeJSON
}
