/// Owns "the current catalog and where it came from", and swaps both atomically after a refresh.
public actor CountryStore {
  /// Synchronous access to the same catalog, for code that cannot await (tab completion).
  public nonisolated let snapshot: CatalogSnapshot
  public private(set) var source: DataSource

  public init(catalog: CountryCatalog, source: DataSource) {
    self.snapshot = CatalogSnapshot(catalog)
    self.source = source
  }

  /// A store over the bundled dataset.
  public static func bundled() throws(CtryError) -> CountryStore {
    CountryStore(catalog: CountryCatalog(countries: try BundledDataset.load()), source: .bundled)
  }

  public var catalog: CountryCatalog { snapshot.catalog }

  /// Replaces the catalog; readers see the old or the new one, never a mix.
  public func replace(with catalog: CountryCatalog, source: DataSource) {
    snapshot.replace(with: catalog)
    self.source = source
  }
}
