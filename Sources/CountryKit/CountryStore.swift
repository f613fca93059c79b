import CountryModel
import CountryNetwork
import CountryStorage
import CtrySystem
import FoundationEssentials

/// Owns the country data: the current snapshot (catalog, source, cache metadata, network status),
/// the one refresh in flight, and the swap after it.
///
/// Readers take `snapshot`, an immutable value, and keep using it however the store changes. A
/// `refresh` while another runs joins it: both get its outcome and the server sees one set of
/// requests. Cancelling a caller cancels the transfer it waits on.
public actor CountryStore {
  /// The data now; replaced whole, never edited in place while a reader holds it.
  public private(set) var snapshot: CatalogSnapshot
  /// Where the network status is kept across runs, if anywhere.
  private let networkFile: String?
  /// The line saying why the network status file was not read, if it was not.
  public let networkFileWarning: String?
  /// The refresh in flight, which a second `refresh` joins.
  private var inFlight: Task<Result<RefreshOutcome, CtryError>, Never>?

  /// A store over `snapshot`; with `networkFile`, the network status an earlier run left there
  /// replaces the snapshot's, and every change is written back.
  public init(_ snapshot: CatalogSnapshot, networkFile: String? = nil) {
    var snapshot = snapshot
    let saved = networkFile.map(NetworkStatus.load(from:))
    if let status = saved?.status { snapshot.network = status }
    self.snapshot = snapshot
    self.networkFile = networkFile
    networkFileWarning = saved?.warning
  }

  public init(catalog: CountryCatalog, source: DataSource, metadata: CacheMetadata? = nil) {
    self.init(CatalogSnapshot(catalog: catalog, source: source, metadata: metadata))
  }

  /// Start-up: the catalog snapshot in the cache directory (built from the bundled data when missing,
  /// stale or damaged); never the network. Returns the warning lines: at most one about the
  /// snapshot, and one about the network status file.
  public static func load(cache: CountryCache, networkFile: String? = nil) throws(CtryError) -> (
    store: CountryStore, warnings: [String]
  ) {
    let loaded = try cache.load()
    let store = CountryStore(loaded.snapshot, networkFile: networkFile)
    return (store, [loaded.warning, store.networkFileWarning].compactMap { $0 })
  }

  /// Replaces catalog, source and metadata in one step; readers see the old three or the new three.
  public func replace(with catalog: CountryCatalog, source: DataSource, metadata: CacheMetadata? = nil) {
    snapshot.catalog = catalog
    snapshot.source = source
    snapshot.metadata = metadata
  }

  /// A failed contact with the server (`NetworkStatus.recordFailure`).
  public func recordFailure(
    _ message: String, offline: Bool, unsent: String? = nil, problem: ServerProblem? = nil,
    at date: Date = Date()
  ) {
    snapshot.network.recordFailure(message, offline: offline, unsent: unsent, problem: problem, at: date)
    if let networkFile { snapshot.network.save(to: networkFile) }
  }

  /// A successful contact with the server.
  public func recordSuccess(at date: Date = Date()) {
    snapshot.network.recordSuccess(at: date)
    if let networkFile { snapshot.network.save(to: networkFile) }
  }

  /// Fetches the whole dataset with `refresher` and swaps it in, or joins the refresh already in
  /// flight (then `refresher`, `force` and `progress` of this call are not used).
  public func refresh(
    with refresher: Refresher, force: Bool = false, progress: (@Sendable (Int) -> Void)? = nil
  ) async throws(CtryError) -> RefreshOutcome {
    let task: Task<Result<RefreshOutcome, CtryError>, Never>
    if let inFlight {
      task = inFlight
    } else {
      task = Task { await self.run(refresher, force: force, progress: progress) }
      inFlight = task
    }
    // Ctrl-C on any caller stops the transfer: a person who cancels a refresh wants it stopped,
    // whoever started it.
    let result = await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
    return try result.get()
  }

  /// One refresh: the transfer and the snapshot file off the actor, the swap on it.
  private func run(_ refresher: Refresher, force: Bool, progress: (@Sendable (Int) -> Void)?) async -> Result<
    RefreshOutcome, CtryError
  > {
    defer { inFlight = nil }
    let fetched = await refresher.fetch(previous: snapshot.metadata, force: force, progress: progress)
    switch fetched {
    case .updated(let catalog, let source, let metadata, let outcome):
      replace(with: catalog, source: source, metadata: metadata)
      recordSuccess(at: metadata.fetchedAt)
      return .success(outcome)
    case .notModified(let metadata, let requests, let at):
      if let metadata {
        snapshot.metadata = metadata
        snapshot.source = .cache(fetchedAt: metadata.fetchedAt, url: metadata.url)
      }
      recordSuccess(at: at)
      return .success(.notModified(requests: requests))
    case .failed(let failure):
      if let network = failure.network {
        recordFailure(
          network.message, offline: network.offline, unsent: network.unsent, problem: network.problem, at: network.at)
      }
      let sent = failure.requests.map { "; \(Refresher.requests($0))" } ?? ""
      return .failure(
        CtryError(
          failure.cancelled ? .cancelled : failure.limited ? .systemLimit : .network,
          "\(failure.message); still using \(snapshot.source)\(sent)",
          fact: failure.problem))
    }
  }
}
