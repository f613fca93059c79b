import Foundation

/// Folds text for matching: lower case, diacritics removed, every run of non-alphanumerics one space.
///
/// `"Côte d'Ivoire"` and `"COTE D IVOIRE"` both fold to `"cote d ivoire"`; `"Åland"` to `"aland"`.
/// Letters that Unicode does not decompose (ø, æ, ß, ł, đ…) are spelled out the way people type them.
public enum TextFolding {
  public static func fold(_ text: String) -> String {
    if let ascii = foldASCII(text) { return ascii }
    let stripped = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    var out = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in stripped.unicodeScalars {
      if let spelled = spelledOut[scalar] {
        if pendingSpace, !out.isEmpty { out.append(" ") }
        pendingSpace = false
        out.append(contentsOf: spelled.unicodeScalars)
      } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        if pendingSpace, !out.isEmpty { out.append(" ") }
        pendingSpace = false
        out.append(scalar)
      } else if scalar.properties.generalCategory == .nonspacingMark {
        continue
      } else {
        pendingSpace = true
      }
    }
    return String(out)
  }

  /// The fast path for plain ASCII text, which is most names; `nil` when `text` has other characters.
  private static func foldASCII(_ text: String) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for byte in text.utf8 {
      switch byte {
      case 0x80...: return nil
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
    return String(decoding: bytes, as: UTF8.self)
  }

  private static let spelledOut: [Unicode.Scalar: String] = [
    "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h",
  ]

  /// The words of a folded string.
  public static func words(_ folded: String) -> [Substring] {
    folded.split(separator: " ")
  }
}
