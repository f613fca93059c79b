import Testing

@testable import CountryModel

/// The banded `EditDistance` against a plain full-matrix optimal-string-alignment distance.
@Suite struct EditDistanceTests {
  static func reference(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
      }
    }
    return d[a.count][b.count]
  }

  @Test func agreesWithTheFullMatrixOnRandomWords() {
    var random = SplitMix64(seed: 42)
    let alphabet = Array("abcde ".unicodeScalars)
    func word() -> [Unicode.Scalar] {
      (0..<Int(random.next() % 9)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
    }
    for _ in 0..<3000 {
      let a = word()
      let b = word()
      let limit = Int(random.next() % 6)
      let expected = Self.reference(a, b)
      #expect(
        EditDistance.distance(a, b, limit: limit) == (expected <= limit ? expected : nil),
        "\(String(String.UnicodeScalarView(a))) / \(String(String.UnicodeScalarView(b))) limit \(limit)")
    }
  }

  @Test func examples() {
    #expect(EditDistance.distance("switzerland", "swizerland", limit: 5) == 1)
    #expect(EditDistance.distance("korea south", "south korea", limit: 5) == nil)
    #expect(EditDistance.distance("ab", "ba", limit: 1) == 1)
    #expect(EditDistance.distance("", "abc", limit: 3) == 3)
    #expect(EditDistance.distance("abc", "abc", limit: 0) == 0)
  }

  /// The letter-count bound that rules candidates out must never exceed the true distance.
  @Test func theCandidateBoundIsALowerBound() {
    var random = SplitMix64(seed: 7)
    let alphabet = Array("abcdeé ".unicodeScalars) + ["\u{3F}", "\u{5F}"]  // '?' and '_' share classes with letters
    func word() -> [Unicode.Scalar] {
      (0..<Int(random.next() % 10)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
    }
    for _ in 0..<3000 {
      let a = word()
      let b = word()
      let bound = TypoCandidate.Letters(a).distanceBound(to: TypoCandidate.Letters(b), limit: 100)
      #expect(bound <= Self.reference(a, b))
    }
    let korea = TypoCandidate.Letters(Array("korea south".unicodeScalars))
    #expect(korea.distanceBound(to: TypoCandidate.Letters(Array("south korea".unicodeScalars)), limit: 100) == 0)
    #expect(korea.distanceBound(to: TypoCandidate.Letters(Array("bahamas".unicodeScalars)), limit: 100) >= 5)
  }
}
