/// Folds text for matching: lower case, diacritics removed, every run of non-alphanumerics one space.
///
/// `"Côte d'Ivoire"` and `"COTE D IVOIRE"` both fold to `"cote d ivoire"`; `"Åland"` to `"aland"`.
/// Letters that Unicode does not decompose (ø, æ, ß, ł, đ…) are spelled out the way people type them.
/// No Foundation: ASCII takes a byte loop, other letters a generated table (`scalarFolds`), so
/// folding the ~10 000 names of the catalog stays cheap at start-up.
public enum TextFolding {
  public static func fold(_ text: String) -> String {
    if let ascii = foldASCII(text) { return ascii }
    var out = String.UnicodeScalarView()
    var pendingSpace = false
    func emit(_ scalars: some Sequence<Unicode.Scalar>) {
      if pendingSpace, !out.isEmpty { out.append(" ") }
      pendingSpace = false
      out.append(contentsOf: scalars)
    }
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        let value = UInt8(scalar.value)
        switch value {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): emit(CollectionOfOne(scalar))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): emit(CollectionOfOne(Unicode.Scalar(value + 32)))
        default: pendingSpace = true
        }
      } else if let spelled = spelledOut[scalar] {
        emit(spelled.unicodeScalars)
      } else if let folded = scalarFolds[scalar.value] {
        emit(folded.unicodeScalars)
      } else if scalar.properties.generalCategory == .nonspacingMark
        || scalar.properties.generalCategory == .enclosingMark
        || scalar.properties.generalCategory == .spacingMark && !scalar.properties.isAlphabetic
      {
        continue
      } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        if scalar.properties.changesWhenLowercased {
          emit(scalar.properties.lowercaseMapping.unicodeScalars)
        } else {
          emit(CollectionOfOne(scalar))
        }
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
    "Ø": "o", "Æ": "ae", "Œ": "oe", "Ł": "l", "Đ": "d", "Ð": "d", "Þ": "th", "Ħ": "h",
  ]

  /// The words of a folded string.
  public static func words(_ folded: String) -> [Substring] {
    folded.split(separator: " ")
  }
}
