/// Owns "the current catalog and where it came from", and swaps both atomically after a refresh.
public actor CountryStore {
  /// Synchronous access to the same catalog, for code that cannot await (tab completion).
  public nonisolated let snapshot: CatalogSnapshot
  /// Whether the server was reachable last time, for the prompt and `status`.
  public nonisolated let network = NetworkStatus()
  public private(set) var source: DataSource
  /// Metadata of the cache the catalog came from, when it did.
  public private(set) var cacheMetadata: CacheMetadata?

  public init(catalog: CountryCatalog, source: DataSource, metadata: CacheMetadata? = nil) {
    self.snapshot = CatalogSnapshot(catalog)
    self.source = source
    self.cacheMetadata = metadata
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

  /// Replaces the catalog; readers see the old or the new one, never a mix.
  public func replace(with catalog: CountryCatalog, source: DataSource, metadata: CacheMetadata? = nil) {
    snapshot.replace(with: catalog)
    self.source = source
    self.cacheMetadata = metadata
  }

  /// After a 304: same data, newer check time.
  public func confirm(_ metadata: CacheMetadata) {
    cacheMetadata = metadata
    source = .cache(fetchedAt: metadata.fetchedAt, url: metadata.url)
  }
}
