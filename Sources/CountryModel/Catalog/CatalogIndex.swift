import CtrySystem

/// Everything a catalog finds countries by: codes, folded names, the border graph, each country's
/// folded filter values and the distinct facet values. Positions are those of the catalog's records.
///
/// Built one way, `build(from:)`, from the records; stored one way, `PackedIndex`, in the snapshot.
/// An index opened from the snapshot has the parts start-up needs (codes, English names and
/// capitals, borders) at once, and reads each other part when it is first used; a built one has
/// them all.
package final class CatalogIndex: Sendable {
  /// Every cca2, cca3, ccn3 and cioc code, upper-case, to a position.
  let codes: CodeTable
  /// Common, official and alternative names (`OtherNames` included) and capitals.
  let primaryNames: NameTable
  /// Land neighbours of each position, sorted.
  let adjacency: [[Int]]
  private let deferredSecondaryNames: Deferred<NameTable>
  private let deferredPrimarySpellings: Deferred<NameSpellings>
  private let deferredSecondarySpellings: Deferred<NameSpellings>
  private let deferredFacets: Deferred<[FoldedFacets]>
  private let deferredFacetValues: Deferred<FacetValues>
  private let deferredRows: Deferred<RowTable>

  /// Native names and translations.
  var secondaryNames: NameTable { deferredSecondaryNames.value }
  /// How each of `primaryNames` is written.
  var primarySpellings: NameSpellings { deferredPrimarySpellings.value }
  /// How each of `secondaryNames` is written, and in which language.
  var secondarySpellings: NameSpellings { deferredSecondarySpellings.value }
  /// Each position's folded filter values and sort keys.
  var facets: [FoldedFacets] { deferredFacets.value }
  /// The distinct regions, subregions, languages, demonyms, completion names and currency codes.
  var facetValues: FacetValues { deferredFacetValues.value }
  /// What a list shows of each position (a part of its own, so a list decodes no record and unpacks
  /// no facet value).
  var rows: RowTable { deferredRows.value }

  init(
    codes: CodeTable, primaryNames: NameTable, adjacency: [[Int]], secondaryNames: Deferred<NameTable>,
    primarySpellings: Deferred<NameSpellings>, secondarySpellings: Deferred<NameSpellings>,
    facets: Deferred<[FoldedFacets]>, facetValues: Deferred<FacetValues>, rows: Deferred<RowTable>
  ) {
    self.codes = codes
    self.primaryNames = primaryNames
    self.adjacency = adjacency
    deferredSecondaryNames = secondaryNames
    deferredPrimarySpellings = primarySpellings
    deferredSecondarySpellings = secondarySpellings
    deferredFacets = facets
    deferredFacetValues = facetValues
    deferredRows = rows
  }

  /// Reads every deferred part now but the spellings, which only an explained search hit reads.
  func preload() {
    _ = secondaryNames
    _ = facets
    _ = facetValues
    _ = rows
  }

  /// A part given now, or read on first use by whichever caller gets there first.
  final class Deferred<Value: Sendable>: Sendable {
    private let load: @Sendable () -> Value
    private let cache = Lazy<Value>()

    init(_ value: Value) {
      load = { value }
    }

    init(loading load: @escaping @Sendable () -> Value) {
      self.load = load
    }

    var value: Value { cache.value(load) }
  }
}
