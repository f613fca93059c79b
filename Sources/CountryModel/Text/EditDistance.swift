/// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), bounded.
public enum EditDistance {
  /// The distance between `a` and `b`, or `nil` as soon as it must exceed `limit`.
  public static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
    distance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
  }

  /// The same on prepared scalar arrays (no conversion per call). Only the diagonal band of width
  /// `2 × limit + 1` is computed, in three rows of one temporary allocation.
  public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
    a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in distance(a, b, limit: limit) } }
  }

  /// The same on scalars in place (a range of a larger buffer).
  static func distance(
    _ a: UnsafeBufferPointer<Unicode.Scalar>, _ b: UnsafeBufferPointer<Unicode.Scalar>, limit: Int
  ) -> Int? {
    if abs(a.count - b.count) > limit { return nil }
    if a.isEmpty { return b.count <= limit ? b.count : nil }
    if b.isEmpty { return a.count <= limit ? a.count : nil }
    let width = b.count + 1
    let beyond = limit + 1
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows -> Int? in
      var previous2 = UnsafeMutableBufferPointer(rebasing: rows[0..<width])
      var previous = UnsafeMutableBufferPointer(rebasing: rows[width..<(2 * width)])
      var current = UnsafeMutableBufferPointer(rebasing: rows[(2 * width)..<(3 * width)])
      for j in 0..<width {
        previous2[j] = beyond
        previous[j] = min(j, beyond)
        current[j] = beyond
      }
      for i in 1...a.count {
        let first = max(1, i - limit)
        let last = min(b.count, i + limit)
        current[first - 1] = first == 1 ? min(i, beyond) : beyond
        var rowMin = beyond
        for j in first...last {
          let cost = a[i - 1] == b[j - 1] ? 0 : 1
          var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
          if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
            value = min(value, previous2[j - 2] + 1)
          }
          value = min(value, beyond)
          current[j] = value
          rowMin = min(rowMin, value)
        }
        if last < b.count { current[last + 1] = beyond }
        if rowMin > limit { return nil }
        (previous2, previous, current) = (previous, current, previous2)
      }
      return previous[b.count] <= limit ? previous[b.count] : nil
    }
  }
}
