import CountryModel
import CountryStorage

/// The country data at one moment: the catalog, where it came from, and how the last contact with
/// the server went.
///
/// An immutable value: `CountryStore` (the actor that owns the data) hands out copies and replaces
/// its own whole, so a reader never sees a new catalog with an old source, and code that must not
/// await (libedit's completion callback) reads a copy taken before the prompt.
public struct CatalogSnapshot: Sendable {
  public var catalog: CountryCatalog
  public var source: DataSource
  /// Metadata of the cache the catalog came from, when it did.
  public var metadata: CacheMetadata?
  /// Filled in by the store; a snapshot fresh from the cache has none yet.
  public var network: NetworkStatus

  public init(
    catalog: CountryCatalog, source: DataSource = .bundled, metadata: CacheMetadata? = nil,
    network: NetworkStatus = NetworkStatus()
  ) {
    self.catalog = catalog
    self.source = source
    self.metadata = metadata
    self.network = network
  }
}
