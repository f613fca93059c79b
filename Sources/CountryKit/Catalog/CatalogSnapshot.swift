import Synchronization

/// The current catalog and where it came from, readable synchronously from any thread.
///
/// Libedit's completion callback is synchronous C: it must not await an actor. It reads this box, which
/// `CountryStore` replaces whole after a refresh. Catalog, source and cache metadata sit under one
/// lock, so a reader sees all three from before a swap or all three from after it.
public final class CatalogSnapshot: Sendable {
  /// One consistent reading.
  public struct Current: Sendable {
    public var catalog: CountryCatalog
    public var source: DataSource
    /// Metadata of the cache the catalog came from, when it did.
    public var metadata: CacheMetadata?
  }

  private let state: Mutex<Current>

  public init(_ catalog: CountryCatalog, source: DataSource = .bundled, metadata: CacheMetadata? = nil) {
    state = Mutex(Current(catalog: catalog, source: source, metadata: metadata))
  }

  /// Catalog, source and metadata, read together.
  public var current: Current { state.withLock { $0 } }

  public var catalog: CountryCatalog { state.withLock { $0.catalog } }

  func replace(with catalog: CountryCatalog, source: DataSource, metadata: CacheMetadata?) {
    state.withLock { $0 = Current(catalog: catalog, source: source, metadata: metadata) }
  }

  func confirm(_ metadata: CacheMetadata) {
    state.withLock {
      $0.metadata = metadata
      $0.source = .cache(fetchedAt: metadata.fetchedAt, url: metadata.url)
    }
  }
}
