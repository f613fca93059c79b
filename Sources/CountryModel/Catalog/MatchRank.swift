/// How well a text matched a name, best first: exact > prefix > word prefix > substring > words in
/// any order > typo.
public enum MatchRank: Int, Sendable, Comparable, CaseIterable {
  case exact
  case prefix
  case wordPrefix
  case substring
  /// Every word typed starts a different word of the name, in any order: `korea south`,
  /// `congo democratic`.
  case anyOrder
  case typo

  public static func < (lhs: MatchRank, rhs: MatchRank) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The rank of `query` against `key` (both folded UTF-8), not counting typos.
  package static func of<Key: RandomAccessCollection<UInt8>>(_ query: [UInt8], in key: Key) -> MatchRank?
  where Key.Index == Int {
    // Every rank needs the query's bytes within the key's (folded text has single spaces, and the
    // words of a reordered query each start a different word of the key): a longer query matches
    // nothing, and a huge argument is not split and scanned once for every name.
    guard query.count <= key.count else { return nil }
    if key.elementsEqual(query) { return .exact }
    if key.starts(with: query) { return .prefix }
    let occurrence = key.occurrence(of: query)
    if occurrence.found { return occurrence.atWordStart ? .wordPrefix : .substring }
    // Reordered words: all of the name's words (`states united`) rank as a word prefix; some of them
    // (`korea south` in "Republic of Korea South"), as any order.
    switch wordsLeft(afterMatching: query, in: key) {
    case 0?: return .wordPrefix
    case _?: return .anyOrder
    case nil: return nil
    }
  }

  /// How many words of `key` are left over when each word of `query` (two to eight) starts a
  /// different one of them; nil when some word of the query starts none.
  static func wordsLeft(afterMatching query: [UInt8], in key: some Collection<UInt8>) -> Int? {
    // One word is matched by `occurrence` or not at all: nothing to split.
    guard query.contains(0x20) else { return nil }
    let wanted = query.split(separator: 0x20)
    guard wanted.count > 1, wanted.count <= 8 else { return nil }
    var words = key.split(separator: 0x20)
    for word in wanted.sorted(by: { $0.count > $1.count }) {
      guard let found = words.firstIndex(where: { $0.starts(with: word) }) else { return nil }
      words.remove(at: found)
    }
    return words.count
  }
}

/// A search hit: the country, how well it matched, and the name field that matched best.
public struct SearchHit: Sendable {
  public let country: Country
  public let rank: MatchRank
  public let field: NameField
  package let index: Int
}
