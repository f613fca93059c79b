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
  public static func foldedBytes(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    if foldASCII(text, into: &out) { return out }
    out.removeAll(keepingCapacity: true)
    var pendingSpace = false
    func emit(_ scalar: Unicode.Scalar) {
      if pendingSpace, !out.isEmpty { out.append(0x20) }
      pendingSpace = false
      UTF8.encode(scalar) { out.append($0) }
    }
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        let value = UInt8(scalar.value)
        switch value {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): emit(scalar)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): emit(Unicode.Scalar(value + 32))
        default: pendingSpace = true
        }
      } else if let spelled = spelledOut[scalar] {
        spelled.unicodeScalars.forEach(emit)
      } else if let folded = scalarFolds[scalar.value] {
        folded.unicodeScalars.forEach(emit)
      } else {
        // Each property is a table lookup: the category is read once, the others only when needed.
        let properties = scalar.properties
        let category = properties.generalCategory
        if category == .nonspacingMark || category == .enclosingMark {
          continue
        }
        let alphabetic = properties.isAlphabetic
        if category == .spacingMark && !alphabetic {
          continue
        } else if alphabetic || properties.numericType != nil {
          if properties.changesWhenLowercased {
            properties.lowercaseMapping.unicodeScalars.forEach(emit)
          } else {
            emit(scalar)
          }
        } else {
          pendingSpace = true
        }
      }
    }
    return out
  }

  /// The fast path for plain ASCII text, which is most names; false when `text` has other characters.
  private static func foldASCII(_ text: String, into bytes: inout [UInt8]) -> Bool {
    var pendingSpace = false
    for byte in text.utf8 {
      switch byte {
      case 0x80...: return false
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        if pendingSpace, !bytes.isEmpty { bytes.append(0x20) }
        pendingSpace = false
        bytes.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        if pendingSpace, !bytes.isEmpty { bytes.append(0x20) }
        pendingSpace = false
        bytes.append(byte + 32)
      default:
        pendingSpace = true
      }
    }
    return true
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
