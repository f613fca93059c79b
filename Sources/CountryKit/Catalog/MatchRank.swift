/// How well a text matched a name, best first: exact > prefix > word prefix > substring > typo.
public enum MatchRank: Int, Sendable, Comparable, CaseIterable {
  case exact
  case prefix
  case wordPrefix
  case substring
  case typo

  public static func < (lhs: MatchRank, rhs: MatchRank) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The rank of `query` against `key` (both folded UTF-8), not counting typos.
  static func of(_ query: [UInt8], in key: [UInt8]) -> MatchRank? {
    if key == query { return .exact }
    if key.starts(with: query) { return .prefix }
    let occurrence = key.occurrence(of: query)
    guard occurrence.found else { return nil }
    return occurrence.atWordStart ? .wordPrefix : .substring
  }
}

/// A search hit: the country, how well it matched, and the name field that matched best.
public struct SearchHit: Sendable {
  public let country: Country
  public let rank: MatchRank
  public let field: NameField
  let index: Int
}
