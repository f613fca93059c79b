/// Owns "the current catalog and where it came from", and swaps catalog, source and metadata together
/// (one lock, in `snapshot`) after a refresh.
public final class CountryStore: Sendable {
  /// The same state, for code that holds only the snapshot (tab completion).
  public let snapshot: CatalogSnapshot
  /// Whether the server was reachable last time, for the prompt and `status`.
  public let network = NetworkStatus()

  public init(catalog: CountryCatalog, source: DataSource, metadata: CacheMetadata? = nil) {
    self.snapshot = CatalogSnapshot(catalog, source: source, metadata: metadata)
  }

  /// A store over the bundled dataset.
  public static func bundled() throws(CtryError) -> CountryStore {
    CountryStore(catalog: CountryCatalog(countries: try BundledDataset.load()), source: .bundled)
  }

  /// Start-up: the catalog snapshot in the cache directory (built from the bundled data when missing,
  /// stale or damaged); never the network. Returns at most one warning line.
  public static func load(cache: CountryCache) throws(CtryError) -> (store: CountryStore, warning: String?) {
    let loaded = try cache.load()
    return (CountryStore(catalog: loaded.catalog, source: loaded.source, metadata: loaded.metadata), loaded.warning)
  }

  public var catalog: CountryCatalog { snapshot.catalog }
  public var source: DataSource { snapshot.current.source }
  /// Metadata of the cache the catalog came from, when it did.
  public var cacheMetadata: CacheMetadata? { snapshot.current.metadata }

  /// Replaces catalog, source and metadata in one step; readers see the old three or the new three.
  public func replace(with catalog: CountryCatalog, source: DataSource, metadata: CacheMetadata? = nil) {
    snapshot.replace(with: catalog, source: source, metadata: metadata)
  }

  /// After a 304: same data, newer check time.
  public func confirm(_ metadata: CacheMetadata) {
    snapshot.confirm(metadata)
  }
}
