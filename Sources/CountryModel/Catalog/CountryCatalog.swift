import CtrySystem
import Synchronization

/// An immutable, indexed set of countries: its records and their `CatalogIndex` (lookup by every
/// code, a folded name index, the border graph, the folded filter values).
///
/// Built once per dataset; `CountryStore` swaps whole catalogs, so readers (commands, the completer)
/// never see a half-updated index. A catalog opened from the snapshot database (`CountryCache`) reads
/// the index from it, the parts start-up needs at once and the rest on first use, and decodes a
/// record only when it is read.
public final class CountryCatalog: Sendable {
  /// All countries, sorted by common name; a record is decoded when first read.
  public var countries: CountryList { CountryList(records: records) }
  package let records: CountryRecords
  package let index: CatalogIndex
  private let derived = Lazy<Derived>()

  /// What is built on first use from the index (never stored).
  final class Derived: Sendable {
    /// English names, capitals and each of their words, as scalars, for typo matching and
    /// suggestions.
    let candidates: TypoCandidates

    init(candidates: TypoCandidates) {
      self.candidates = candidates
    }
  }

  /// A catalog over `records` and their index.
  package init(records: CountryRecords, index: CatalogIndex) {
    self.records = records
    self.index = index
  }

  /// The catalog of `countries`, in any order: sorted by common name, then indexed.
  public convenience init(countries unsorted: consuming [Country]) {
    var countries = unsorted
    let keys = countries.map { TextFolding.foldedBytes($0.name.common) }
    let order = countries.indices.sorted { lhs, rhs in
      keys[lhs] == keys[rhs]
        ? countries[lhs].name.common < countries[rhs].name.common : keys[lhs].lexicographicallyPrecedes(keys[rhs])
    }
    Self.permute(&countries, into: order)
    self.init(records: CountryRecords(countries), index: CatalogIndex.build(from: countries))
  }

  /// Rearranges `items` so that `items[i]` becomes the old `items[order[i]]`, by swapping along the
  /// permutation's cycles: records move instead of being copied.
  static func permute(_ items: inout [Country], into order: [Int]) {
    var placed = [Bool](repeating: false, count: items.count)
    for start in items.indices where !placed[start] {
      var position = start
      placed[position] = true
      while order[position] != start {
        let next = order[position]
        items.swapAt(position, next)
        placed[next] = true
        position = next
      }
    }
  }

  public var count: Int { records.count }

  /// The country with this cca2, cca3, ccn3 or cioc code (any case); an ISO code wins over an IOC code.
  public func country(code: String) -> Country? {
    position(code: code).map { countries[$0] }
  }

  /// The position of the country with this cca2, cca3, ccn3 or cioc code (any case).
  public func position(code: String) -> Int? {
    index.codes[code.uppercased()]
  }

  /// The position of the country whose cca3 is `code` (a stored favorite or home country): never
  /// another country whose cca2, ccn3 or cioc reads the same (Bahrain's cioc is Brunei's cca3).
  public func position(cca3 code: String) -> Int? {
    guard let position = position(code: code), rows(at: [position]).first?.cca3 == code.uppercased() else {
      return nil
    }
    return position
  }

  /// The country whose cca3 is `code`; see `position(cca3:)`.
  public func country(cca3 code: String) -> Country? {
    position(cca3: code).map { countries[$0] }
  }

  /// Where `country` is in `countries`.
  func position(of country: Country) -> Int? {
    position(code: country.cca3)
  }

  /// The typo and suggestion candidates, built once on first use.
  var lazyParts: Derived {
    derived.value { Derived(candidates: TypoCandidates(index.primaryNames)) }
  }

  /// Builds every lazy index now (the shell does this in the background after the first prompt, so
  /// later commands and Tab find everything ready). Records are decoded as commands read them: over
  /// a snapshot, the indexes need none of them, and holding all 250 would cost some 5 MB.
  public func preload() {
    _ = lazyParts
    index.preload()
  }
}
