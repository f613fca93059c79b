#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a refresh did.
public enum RefreshOutcome: Sendable, Equatable {
  case updated(count: Int, bytes: Int)
  case notModified
}

/// Fetches the whole dataset, validates it, writes a new catalog snapshot and swaps the store's
/// catalog — or, on any failure, changes nothing (the old snapshot stays in place, untouched) and says
/// what is still being used.
public struct Refresher: Sendable {
  public let store: CountryStore
  public let cache: CountryCache
  public let configuration: APIConfiguration
  public let transport: any HTTPTransport
  let now: @Sendable () -> Date

  public init(
    store: CountryStore, cache: CountryCache, configuration: APIConfiguration,
    transport: any HTTPTransport = CurlTransport(), now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.store = store
    self.cache = cache
    self.configuration = configuration
    self.transport = transport
    self.now = now
  }

  /// The smallest dataset accepted from a server.
  public static let minimumCount = 200

  public func refresh(force: Bool = false, progress: (@Sendable (Int) -> Void)? = nil) async throws(CtryError)
    -> RefreshOutcome
  {
    let previous = store.cacheMetadata
    // Stored URLs are redacted (issue 17): compare like with like.
    let sameServer =
      previous.map { URLRedaction.redact($0.url) } == configuration.displayURL
      && previous?.flavour == configuration.flavour.rawValue
    let validators = force || !sameServer ? [:] : (previous?.validators ?? [:])
    let client = configuration.client(transport: transport)
    let outcome: FetchOutcome
    do {
      outcome = try await withDeadline(configuration.deadline) { () async throws(APIError) -> FetchOutcome in
        try await client.fetchAll(validators: validators, progress: progress)
      }
    } catch {
      if !error.isCancellation {
        store.network.recordFailure(error.description, offline: error.meansOffline, at: now())
      }
      throw await failure(error.isCancellation ? "refresh cancelled" : "refresh failed: \(error)", error.isCancellation)
    }
    switch outcome {
    case .notModified:
      if var metadata = previous {
        metadata.fetchedAt = now()
        try? cache.saveMetadata(metadata)
        store.confirm(metadata)
      }
      store.network.recordSuccess(at: now())
      return .notModified
    case .fetched(let fetched):
      if let problem = Self.problem(with: fetched.countries) {
        store.network.recordFailure("invalid data: \(problem)", offline: false, at: now())
        throw await failure("refresh failed: invalid data: \(problem)", false)
      }
      let fetchedAt = now()
      let catalog = CountryCatalog(countries: fetched.countries)
      let metadata: CacheMetadata
      do {
        metadata = try cache.save(
          catalog, url: configuration.displayURL, flavour: configuration.flavour.rawValue, fetchedAt: fetchedAt,
          validators: fetched.validators)
      } catch {
        throw await failure("refresh failed: \(error.message)", false)
      }
      store.replace(
        with: catalog,
        source: .cache(fetchedAt: fetchedAt, url: configuration.displayURL),
        metadata: metadata)
      store.network.recordSuccess(at: fetchedAt)
      return .updated(count: fetched.countries.count, bytes: fetched.bytes)
    }
  }

  /// Why a fetched list is not a plausible dataset, or nil when it is.
  static func problem(with countries: [Country]) -> String? {
    if countries.count < minimumCount { return "only \(countries.count) countries (expected at least \(minimumCount))" }
    var seen = Set<String>()
    for (index, country) in countries.enumerated() {
      if country.cca3.isEmpty { return "[\(index)].cca3 is empty" }
      if country.cca2.isEmpty { return "[\(index)].cca2 is empty" }
      if country.name.common.isEmpty { return "[\(index)].name.common is empty" }
      if !seen.insert(country.cca3).inserted { return "[\(index)].cca3 \(country.cca3) appears twice" }
    }
    return nil
  }

  private func failure(_ message: String, _ cancelled: Bool) async -> CtryError {
    let source = store.source
    return CtryError(cancelled ? .cancelled : .network, "\(message); still using \(source)")
  }
}

/// Runs `operation`, failing with `.deadline` if it takes longer than `limit`.
func withDeadline<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws(APIError) -> T)
  async throws(APIError) -> T
{
  do {
    return try await withThrowingTaskGroup(of: T?.self) { group in
      group.addTask { try await operation() }
      group.addTask {
        try await Task.sleep(for: limit)
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let value = first else { throw APIError.deadline(limit) }
      return value
    }
  } catch let error as APIError {
    throw error
  } catch {
    throw .transport(.cancelled)
  }
}
