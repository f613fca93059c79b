/// Folds text for matching: lower case, diacritics removed, every run of non-alphanumerics one space.
///
/// `"Côte d'Ivoire"` and `"COTE D IVOIRE"` both fold to `"cote d ivoire"`; `"Åland"` to `"aland"`.
/// Letters that Unicode does not decompose (ø, æ, ß, ł, đ…) are spelled out the way people type them.
/// No Foundation: ASCII takes a byte loop, other letters a generated table (`scalarFolds`), so
/// folding the ~10 000 names of the catalog stays cheap at start-up.
public enum TextFolding {
  public static func fold(_ text: String) -> String {
    String(decoding: foldedBytes(text), as: UTF8.self)
  }

  /// `fold(text)` as UTF-8 bytes, which the name index keeps.
  ///
  /// One pass over the text's UTF-8: its ASCII bytes (all of most names, and the start of many
  /// others) one by one, and from the first other byte on, scalar by scalar.
  public static func foldedBytes(_ text: String) -> [UInt8] {
    var writer = Writer(out: [])
    writer.out.reserveCapacity(text.utf8.count)
    var text = text
    text.withUTF8 { fold($0, into: &writer) }
    return writer.out
  }

  private static func fold(_ bytes: UnsafeBufferPointer<UInt8>, into writer: inout Writer) {
    var index = 0
    while index < bytes.count, bytes[index] < 0x80 {
      writer.ascii(bytes[index])
      index += 1
    }
    guard index < bytes.count else { return }
    var rest = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
    var decoder = UTF8()
    // A String's bytes are valid UTF-8: the decoder ends at the end, never at an error.
    while case .scalarValue(let scalar) = decoder.decode(&rest) { fold(scalar, into: &writer) }
  }

  /// One scalar of text: the cheap answers first (ASCII, `plainLetters`, the
  /// spelled-out letters, the generated table), Unicode's properties for the rest.
  private static func fold(_ scalar: Unicode.Scalar, into writer: inout Writer) {
    let value = scalar.value
    if value < 0x80 {
      writer.ascii(UInt8(value))
    } else if isPlainLetter(value) {
      writer.emit(value)
    } else if let spelled = spelledOut[scalar] {
      writer.emit(spelled)
    } else if let folded = scalarFolds[value] {
      writer.emit(folded)
    } else {
      // Each property is a table lookup: the category is read once, the others only when needed.
      let properties = scalar.properties
      let category = properties.generalCategory
      if category == .nonspacingMark || category == .enclosingMark {
        return
      }
      let alphabetic = properties.isAlphabetic
      if category == .spacingMark && !alphabetic {
        return
      } else if alphabetic || properties.numericType != nil {
        if properties.changesWhenLowercased {
          writer.emit(properties.lowercaseMapping)
        } else {
          writer.emit(value)
        }
      } else {
        writer.pendingSpace = true
      }
    }
  }

  /// Blocks of letters that fold to themselves (no case, no mark, in neither table) and that the
  /// catalog's names are full of: lower-case Cyrillic and Greek, Arabic, Hebrew, Thai, kana, Hangul
  /// and CJK ideographs. Checked before the tables, they spare most non-Latin letters four property
  /// lookups; `TextFoldingTests` holds every scalar here to what the properties answer.
  static let plainLetters: [ClosedRange<UInt32>] = [
    0x03B1...0x03C9, 0x0430...0x0438, 0x043A...0x044F, 0x05D0...0x05EA, 0x0621...0x063A, 0x0641...0x064A,
    0x0E01...0x0E30, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
  ]

  private static func isPlainLetter(_ value: UInt32) -> Bool {
    for range in plainLetters where range.contains(value) { return true }
    return false
  }

  /// Folded UTF-8 being written: a space goes between two kept runs, never first or last.
  private struct Writer {
    var out: [UInt8]
    var pendingSpace = false

    /// An ASCII byte: a letter lower-cased, a digit as it is, anything else a space.
    @inline(__always) mutating func ascii(_ byte: UInt8) {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): kept(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): kept(byte + 32)
      default: pendingSpace = true
      }
    }

    @inline(__always) private mutating func kept(_ byte: UInt8) {
      separate()
      out.append(byte)
    }

    /// The space owed between two kept runs, before the next kept letter.
    @inline(__always) private mutating func separate() {
      if pendingSpace, !out.isEmpty { out.append(0x20) }
      pendingSpace = false
    }

    mutating func emit(_ value: UInt32) {
      separate()
      switch value {
      case ..<0x80:
        out.append(UInt8(value))
      case ..<0x800:
        out.append(0xC0 | UInt8(value >> 6))
        out.append(0x80 | UInt8(value & 0x3F))
      case ..<0x1_0000:
        out.append(0xE0 | UInt8(value >> 12))
        out.append(0x80 | UInt8((value >> 6) & 0x3F))
        out.append(0x80 | UInt8(value & 0x3F))
      default:
        out.append(0xF0 | UInt8(value >> 18))
        out.append(0x80 | UInt8((value >> 12) & 0x3F))
        out.append(0x80 | UInt8((value >> 6) & 0x3F))
        out.append(0x80 | UInt8(value & 0x3F))
      }
    }

    mutating func emit(_ text: String) {
      for scalar in text.unicodeScalars { emit(scalar.value) }
    }
  }

  private static let spelledOut: [Unicode.Scalar: String] = [
    "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h",
    "Ø": "o", "Æ": "ae", "Œ": "oe", "Ł": "l", "Đ": "d", "Ð": "d", "Þ": "th", "Ħ": "h",
  ]

  /// The words of a folded string.
  public static func words(_ folded: String) -> [Substring] {
    folded.split(separator: " ")
  }
}
