import Synchronization

/// The current catalog, readable synchronously from any thread.
///
/// Libedit's completion callback is synchronous C: it must not await an actor. It reads this box, which
/// `CountryStore` replaces whole after a refresh.
public final class CatalogSnapshot: Sendable {
  private let current: Mutex<CountryCatalog>

  public init(_ catalog: CountryCatalog) {
    current = Mutex(catalog)
  }

  public var catalog: CountryCatalog { current.withLock { $0 } }

  func replace(with catalog: CountryCatalog) {
    current.withLock { $0 = catalog }
  }
}
