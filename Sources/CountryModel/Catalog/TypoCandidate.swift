/// A name, or one word of it, that typo matching and suggestions compare by edit distance.
struct TypoCandidate: Sendable {
  let country: Int
  let scalars: [Unicode.Scalar]
  /// `Letters(scalars)`.
  let letters: Letters

  init(country: Int, scalars: [Unicode.Scalar]) {
    self.country = country
    self.scalars = scalars
    self.letters = Letters(scalars)
  }

  /// Which classes of scalars (value mod 32) a text has, and how many of each.
  struct Letters: Sendable {
    let classes: UInt32
    let counts: SIMD32<UInt8>
    /// Past 255 scalars the counts could overflow; such texts get no bound.
    let bounded: Bool

    init(_ scalars: [Unicode.Scalar]) {
      var classes: UInt32 = 0
      var counts = SIMD32<UInt8>()
      for scalar in scalars {
        let slot = Int(scalar.value & 31)
        classes |= 1 << UInt32(slot)
        counts[slot] &+= 1
      }
      self.classes = classes
      self.counts = counts
      self.bounded = scalars.count < 256
    }
  }

  /// A lower bound of the edit distance to a text with these `letters` (the bag distance over
  /// classes): an edit adds or removes at most one scalar on each side, and a transposition none, so
  /// at least as many edits are needed as either side has scalars the other lacks. Most names are
  /// ruled out by this without computing the distance: first by the classes alone, then by counts.
  func distanceBound(to other: Letters, limit: Int) -> Int {
    guard letters.bounded, other.bounded else { return 0 }
    let missing = max(
      (letters.classes & ~other.classes).nonzeroBitCount, (other.classes & ~letters.classes).nonzeroBitCount)
    if missing > limit { return missing }
    let common = pointwiseMin(letters.counts, other.counts)
    return Int(max((letters.counts &- common).wrappedSum(), (other.counts &- common).wrappedSum()))
  }
}
