/// Which of a country's names an index entry came from; the order is the tie-break order in rankings.
public enum NameField: Int, Sendable, Comparable, CaseIterable {
  case common
  case official
  case altSpelling
  case native
  case translation
  case capital

  public static func < (lhs: NameField, rhs: NameField) -> Bool { lhs.rawValue < rhs.rawValue }

  /// How search ranks what matched: names and codes (0) above capitals (1) above translations (2).
  public var group: Int {
    switch self {
    case .common, .official, .altSpelling, .native: return 0
    case .capital: return 1
    case .translation: return 2
    }
  }
}

extension RandomAccessCollection where Element == UInt8, Index == Int {
  /// Whether `needle` occurs in these bytes, and whether one occurrence starts a word.
  func occurrence(of needle: [UInt8]) -> (found: Bool, atWordStart: Bool) {
    guard !needle.isEmpty, needle.count <= count, let first = needle.first else { return (needle.isEmpty, true) }
    var found = false
    var start = startIndex
    let last = endIndex - needle.count
    while start <= last {
      if self[start] == first {
        var matches = true
        var offset = 1
        while offset < needle.count {
          if self[start + offset] != needle[offset] {
            matches = false
            break
          }
          offset += 1
        }
        if matches {
          if start == startIndex || self[start - 1] == 0x20 { return (true, true) }
          found = true
        }
      }
      start += 1
    }
    return (found, false)
  }
}
