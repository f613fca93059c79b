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

/// One searchable name: its folded key (as UTF-8 bytes, compared without Foundation), the country it
/// names and where it came from.
struct NameEntry: Sendable {
  let key: [UInt8]
  /// `NameEntry.signature(key)`.
  let signature: UInt64
  let country: Int
  let field: NameField

  init(key: [UInt8], country: Int, field: NameField) {
    self.key = key
    self.signature = Self.signature(key)
    self.country = country
    self.field = field
  }

  /// The bytes and adjacent byte pairs of a folded text, hashed into 32 bits each. A key can contain
  /// (or equal, or start with) a query only if its signature has all of the query's bits, so a
  /// search passes over most names after one AND instead of a byte-by-byte scan.
  static func signature(_ text: [UInt8]) -> UInt64 {
    var bits: UInt64 = 0
    var previous: UInt8?
    for byte in text {
      bits |= 1 << UInt64(byte & 31)
      if let previous { bits |= 1 << (32 + UInt64((previous &* 7 &+ byte) & 31)) }
      previous = byte
    }
    return bits
  }

  /// The signature a key must have to match `query` in any way `MatchRank.of` knows: the
  /// signature of each word, combined (a key with the words in another order has those, not the
  /// byte pairs across the spaces).
  static func querySignature(_ query: [UInt8]) -> UInt64 {
    query.split(separator: 0x20).reduce(0) { $0 | signature(Array($1)) }
  }

  /// Whether the key may contain a query with this signature.
  @inline(__always) func mayContain(_ query: UInt64) -> Bool { signature & query == query }

  var text: String { String(decoding: key, as: UTF8.self) }
}

extension Array where Element == UInt8 {
  /// Whether `needle` occurs in this array, and whether one occurrence starts a word.
  func occurrence(of needle: [UInt8]) -> (found: Bool, atWordStart: Bool) {
    guard !needle.isEmpty, needle.count <= count, let first = needle.first else { return (needle.isEmpty, true) }
    var found = false
    var start = 0
    let last = count - needle.count
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
          if start == 0 || self[start - 1] == 0x20 { return (true, true) }
          found = true
        }
      }
      start += 1
    }
    return (found, false)
  }
}
