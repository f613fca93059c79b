/// "Did you mean …?": the one policy for every suggestion of a near word, for small fixed sets
/// (commands, flags, choices, regions) and for country names.
package enum Suggest {
  /// The most edits a word of `length` characters may be from a candidate and still be suggested:
  /// one for short words, one per three characters, at most three.
  package static func editLimit(forLength length: Int) -> Int {
    max(1, min(3, length / 3))
  }

  /// The candidate nearest to `word` in edit distance, when it is near enough to be a typo, or the one
  /// candidate `word` begins. Never a candidate that shares nothing with the word (`x` → `?`), nor the
  /// first of several that `word` begins (`d` → `deal` rather than `details`): none is better than a
  /// guess. `fold` turns both sides into comparable keys (lowercasing by default); the candidate is
  /// returned as given.
  package static func closest(
    to word: String, among candidates: [String], fold: (String) -> String = { $0.lowercased() }
  ) -> String? {
    let key = fold(word)
    let keys = candidates.map(fold)
    let prefixed = key.isEmpty ? [] : keys.indices.filter { keys[$0].hasPrefix(key) }
    if prefixed.count == 1 { return candidates[prefixed[0]] }
    // Fewer edits than the word has characters: a suggestion keeps something of what was typed.
    let limit = max(0, min(editLimit(forLength: key.count), key.unicodeScalars.count - 1))
    // The word's scalars once, not once per candidate (a pasted line can make it long), and a
    // candidate's only when its length is near enough: the distance is at least the difference.
    let scalars = Array(key.unicodeScalars)
    var best: (Int, Int)?
    for (index, candidate) in keys.enumerated() where abs(candidate.unicodeScalars.count - scalars.count) <= limit {
      guard let distance = EditDistance.distance(scalars, Array(candidate.unicodeScalars), limit: limit) else {
        continue
      }
      if let current = best, current.1 <= distance { continue }
      best = (index, distance)
    }
    return best.map { candidates[$0.0] }
  }

  /// `did you mean 'NAME'?` for `candidate`, or for several (`'A' or 'B'`).
  package static func hint(_ candidates: [String]) -> String? {
    guard !candidates.isEmpty else { return nil }
    return "did you mean " + candidates.map { "'\($0)'" }.joined(separator: " or ") + "?"
  }
}
