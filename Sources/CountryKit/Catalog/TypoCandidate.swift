/// A name, or one word of it, that typo matching and suggestions compare by edit distance.
struct TypoCandidate: Sendable {
  let country: Int
  let scalars: [Unicode.Scalar]
  /// `TypoCandidate.letters(scalars)`.
  let letters: UInt64

  init(country: Int, scalars: [Unicode.Scalar]) {
    self.country = country
    self.scalars = scalars
    self.letters = Self.letters(scalars)
  }

  /// The classes (value mod 64) of the scalars a text uses.
  static func letters(_ scalars: [Unicode.Scalar]) -> UInt64 {
    scalars.reduce(0) { $0 | 1 << UInt64($1.value & 63) }
  }

  /// A lower bound of the edit distance to a text with these `letters`: every class one side uses
  /// and the other lacks needs an edit of its own, so most names are ruled out without the full
  /// distance.
  func distanceBound(to letters: UInt64) -> Int {
    max((self.letters & ~letters).nonzeroBitCount, (letters & ~self.letters).nonzeroBitCount)
  }
}
