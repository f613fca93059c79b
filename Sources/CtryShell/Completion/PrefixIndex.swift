import CountryModel

/// Names sorted by their folded UTF-8 bytes, so every name with a given prefix is one contiguous run
/// found by binary search: a lookup costs O(log n + matches), not a scan of every name.
package struct PrefixIndex: Sendable {
  private let keys: [[UInt8]]
  private let values: [String]

  /// `entries` are (text to match, text to offer); the match text is folded here. Of entries that
  /// fold alike (`Côte d'Ivoire`, `Cote d'Ivoire`), the first is kept.
  package init(_ entries: [(match: String, offer: String)]) {
    var seen = Set<[UInt8]>()
    let folded = entries.compactMap { entry -> ([UInt8], String)? in
      let key = Array(TextFolding.fold(entry.match).utf8)
      guard !key.isEmpty, seen.insert(key).inserted else { return nil }
      return (key, entry.offer)
    }.sorted { $0.0.lexicographicallyPrecedes($1.0) }
    keys = folded.map(\.0)
    values = folded.map(\.1)
  }

  package var count: Int { keys.count }

  /// The offers whose match text starts with `prefix` (folded), in key order, at most `limit`,
  /// and how many entries the lookup looked at (for the tests that keep it sub-linear).
  package func lookup(_ prefix: String, limit: Int = 500) -> (matches: [String], inspected: Int) {
    let key = Array(TextFolding.fold(prefix).utf8)
    var low = 0
    var high = keys.count
    var inspected = 0
    while low < high {
      let middle = (low + high) / 2
      inspected += 1
      if keys[middle].lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
    }
    var matches: [String] = []
    var seen = Set<String>()
    var index = low
    while index < keys.count, matches.count < limit {
      inspected += 1
      guard keys[index].starts(with: key) else { break }
      if seen.insert(values[index]).inserted { matches.append(values[index]) }
      index += 1
    }
    return (matches, inspected)
  }
}
