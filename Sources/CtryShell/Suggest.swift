import CountryKit

/// "Did you mean …?" for words from a small fixed set (commands, flags, choices).
public enum Suggest {
  /// The candidate nearest to `word` in edit distance, when it is near enough to be a typo or a prefix.
  public static func closest(to word: String, among candidates: [String]) -> String? {
    let lowered = word.lowercased()
    if let prefixed = candidates.first(where: { $0.hasPrefix(lowered) && !lowered.isEmpty }) { return prefixed }
    let limit = max(1, min(3, lowered.count / 3))
    var best: (String, Int)?
    for candidate in candidates {
      guard let distance = EditDistance.distance(lowered, candidate, limit: limit) else { continue }
      if let current = best, current.1 <= distance { continue }
      best = (candidate, distance)
    }
    return best?.0
  }
}
