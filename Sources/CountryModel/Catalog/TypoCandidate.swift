/// A name, or one word of it, that typo matching and suggestions compare by edit distance: a range
/// of `TypoCandidates.scalars`, with its country and its letters.
struct TypoCandidate: Sendable {
  let letters: Letters
  let country: Int32
  /// Where its scalars are in `TypoCandidates.scalars`.
  let start: Int32
  let count: Int32

  /// Which classes of scalars (value mod 32) a text has, and how many of each.
  struct Letters: Sendable {
    let counts: SIMD32<UInt8>
    let classes: UInt32
    /// Past 255 scalars the counts could overflow; such texts get no bound.
    let bounded: Bool

    init(_ scalars: some Collection<Unicode.Scalar>) {
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

    /// A lower bound of the edit distance between texts with these letters and `other` (the bag
    /// distance over classes): an edit adds or removes at most one scalar on each side, and a
    /// transposition none, so at least as many edits are needed as either side has scalars the
    /// other lacks. Most names are ruled out by this without computing the distance: first by the
    /// classes alone, then by counts.
    func distanceBound(to other: Letters, limit: Int) -> Int {
      guard bounded, other.bounded else { return 0 }
      let missing = max((classes & ~other.classes).nonzeroBitCount, (other.classes & ~classes).nonzeroBitCount)
      if missing > limit { return missing }
      let common = pointwiseMin(counts, other.counts)
      return Int(max((counts &- common).wrappedSum(), (other.counts &- common).wrappedSum()))
    }
  }
}

/// The English names and capitals (folded), each of their words, and which of them suggestions
/// look at: every name's scalars once, in one buffer, a word being a range of its name's. Thousands
/// of candidates cost two allocations, not one each.
struct TypoCandidates: Sendable {
  private(set) var scalars: [Unicode.Scalar] = []
  /// Every name and every word of a name of several words, for typo matching.
  private(set) var all: [TypoCandidate] = []
  /// The places in `all` of the common, official and alternative names longer than 3, for
  /// suggestions.
  private(set) var suggestions: [Int32] = []

  init(_ names: NameTable) {
    all.reserveCapacity(names.count * 2)
    for name in 0..<names.count {
      let key = names.key(name)
      let country = Int32(names.country(name))
      let start = scalars.count
      scalars.append(contentsOf: String(decoding: key, as: UTF8.self).unicodeScalars)
      let end = scalars.count
      add(country, start..<end)
      if names.fields[name] <= .altSpelling && key.count > 3 { suggestions.append(Int32(all.count - 1)) }
      if key.contains(0x20) {
        var wordStart = start
        for position in start...end where position == end || scalars[position] == " " {
          if position > wordStart { add(country, wordStart..<position) }
          wordStart = position + 1
        }
      }
    }
  }

  private mutating func add(_ country: Int32, _ range: Range<Int>) {
    all.append(
      TypoCandidate(
        letters: TypoCandidate.Letters(scalars[range]), country: country, start: Int32(range.lowerBound),
        count: Int32(range.count)))
  }

  /// `body` with each candidate (all of them, or those for suggestions) and its scalars, in order.
  func forEach(
    suggestionsOnly: Bool = false, _ body: (TypoCandidate, UnsafeBufferPointer<Unicode.Scalar>) -> Void
  ) {
    scalars.withUnsafeBufferPointer { buffer in
      func visit(_ candidate: TypoCandidate) {
        let start = Int(candidate.start)
        body(candidate, UnsafeBufferPointer(rebasing: buffer[start..<start + Int(candidate.count)]))
      }
      if suggestionsOnly {
        for place in suggestions { visit(all[Int(place)]) }
      } else {
        for candidate in all { visit(candidate) }
      }
    }
  }
}
