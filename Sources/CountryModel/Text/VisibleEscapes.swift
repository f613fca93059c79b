/// Text from outside made safe for a terminal, the way `ls` and `git` show odd file names: C0 and C1
/// control characters and the bidi controls become visible escapes (`\x1b`, `\u{9b}`, `\u{202e}`)
/// instead of reaching the terminal raw. Nothing is dropped; everything else is left as it is.
public enum VisibleEscapes {
  /// Which whitespace controls a format allows through unchanged.
  public struct Allowed: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let newline = Allowed(rawValue: 1)
    public static let tab = Allowed(rawValue: 2)
    public static let carriageReturn = Allowed(rawValue: 4)
  }

  /// Whether `scalar` is escaped when not `allowed`: C0, DEL, C1, and the bidi controls that reorder
  /// what follows them (the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, the
  /// marks U+200E, U+200F and U+061C).
  public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F || value == 0x061C
  }

  /// `text` with every character that needs it escaped; the same string when none does.
  public static func escaped(_ text: String, allowing allowed: Allowed = []) -> String {
    guard needsEscapes(text, allowing: allowed) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if needsEscape(scalar), !isAllowed(scalar, allowed) {
        out.append(contentsOf: escape(scalar).unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// Whether some character of `text` needs an escape that `allowed` does not let through: the
  /// bytes of `needsEscape`'s characters, looked for in the UTF-8 without decoding a scalar (every
  /// line a command prints passes here).
  static func needsEscapes(_ text: String, allowing allowed: Allowed) -> Bool {
    var text = text
    return text.withUTF8 { needsEscapes($0, allowing: allowed) }
  }

  /// `needsEscapes` over a text's UTF-8, for a writer that copies the text's bytes when it needs none.
  public static func needsEscapes(_ bytes: UnsafeBufferPointer<UInt8>, allowing allowed: Allowed) -> Bool {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      // Printable ASCII and every lead or continuation byte but the three that can start an
      // escaped character.
      if (0x20..<0x7F).contains(byte) || (byte >= 0x80 && byte != 0xC2 && byte != 0xD8 && byte != 0xE2) {
        continue
      }
      let next = index < bytes.count ? bytes[index] : 0
      let third = index + 1 < bytes.count ? bytes[index + 1] : 0
      switch byte {
      case UInt8(ascii: "\n"): if !allowed.contains(.newline) { return true }
      case UInt8(ascii: "\t"): if !allowed.contains(.tab) { return true }
      case UInt8(ascii: "\r"): if !allowed.contains(.carriageReturn) { return true }
      case 0xC2: if (0x80...0x9F).contains(next) { return true }  // C1: U+0080–U+009F
      case 0xD8: if next == 0x9C { return true }  // U+061C
      case 0xE2:
        // U+200E, U+200F, U+202A–U+202E; U+2066–U+2069.
        if next == 0x80, third == 0x8E || third == 0x8F || (0xAA...0xAE).contains(third) { return true }
        if next == 0x81, (0xA6...0xA9).contains(third) { return true }
      default: return true  // C0 and DEL
      }
    }
    return false
  }

  /// `\x1b` for C0 and DEL, `\u{9b}` for C1 and the bidi controls.
  public static func escape(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16)
    if scalar.value < 0x80 { return "\\x" + (hex.count < 2 ? "0" + hex : hex) }
    return "\\u{\(hex)}"
  }

  private static func isAllowed(_ scalar: Unicode.Scalar, _ allowed: Allowed) -> Bool {
    switch scalar {
    case "\n": return allowed.contains(.newline)
    case "\t": return allowed.contains(.tab)
    case "\r": return allowed.contains(.carriageReturn)
    default: return false
    }
  }
}
