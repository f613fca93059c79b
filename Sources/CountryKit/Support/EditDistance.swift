/// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), bounded.
public enum EditDistance {
  /// The distance between `a` and `b`, or `nil` as soon as it must exceed `limit`.
  public static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
    distance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
  }

  /// The same on prepared scalar arrays (no conversion per call).
  public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
    if abs(a.count - b.count) > limit { return nil }
    if a.isEmpty { return b.count <= limit ? b.count : nil }
    if b.isEmpty { return a.count <= limit ? a.count : nil }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMin = current[0]
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previous2[j - 2] + 1)
        }
        current[j] = value
        rowMin = min(rowMin, value)
      }
      if rowMin > limit { return nil }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }
}
