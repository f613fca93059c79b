import CountryModel
import CountryNetwork
import CountryStorage
import CtrySystem
import FoundationEssentials
import Synchronization

// Foundation, not FoundationEssentials: the string-length bound walks the record with JSONSerialization.

/// What a refresh did, with the number of requests it sent.
public enum RefreshOutcome: Sendable, Equatable {
  case updated(count: Int, bytes: Int, requests: Int)
  case notModified(requests: Int)
}

/// Fetches the whole dataset, lays the bundled corrections over it (`BundledOverlay`), validates it
/// and writes a new catalog snapshot file — or, on any failure, changes nothing (the old file stays
/// in place, untouched). `CountryStore.refresh` runs it and swaps in what it fetched.
public struct Refresher: Sendable {
  public let cache: CountryCache
  public let configuration: APIConfiguration
  public let transport: any HTTPTransport
  let now: @Sendable () -> Date

  public init(
    cache: CountryCache, configuration: APIConfiguration, transport: any HTTPTransport = CurlTransport(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.cache = cache
    self.configuration = configuration
    self.transport = transport
    self.now = now
  }

  /// What a fetch came to, for the store to apply.
  enum Fetched: Sendable {
    /// A new dataset, already saved as the snapshot file.
    case updated(CountryCatalog, DataSource, CacheMetadata, RefreshOutcome)
    /// The server reports no change: the data stands, its check time moves (`metadata`, when
    /// there was a cache to confirm).
    case notModified(metadata: CacheMetadata?, requests: Int, at: Date)
    case failed(Failure)
  }

  /// Why a refresh changed nothing.
  struct Failure: Sendable {
    /// `refresh failed: …` as the core states it; the shell words `problem`'s way out in it.
    var message: String
    var cancelled: Bool
    /// A memory limit left no room for the refresh.
    var limited = false
    /// What a change of configuration answers, when that is why.
    var problem: ServerProblem? = nil
    /// Requests sent, when any part of the transfer ran.
    var requests: Int?
    /// What to record as the network status, when the failure says something about the server.
    var network: NetworkFailure?
  }

  /// A failed contact with the server, as `NetworkStatus.recordFailure` takes it.
  struct NetworkFailure: Sendable {
    var message: String
    var offline: Bool
    var unsent: String?
    var problem: ServerProblem? = nil
    var at: Date
  }

  /// Room a refresh asks for under a memory limit before it starts, beside what the process holds:
  /// a thread for each transfer that runs at once (as many as the processors, up to the five chunks
  /// of a v3.1 `/all`), and the memory its data takes while it is decoded, indexed and written, with
  /// a margin for a dataset twice today's.
  static var headroom: (threads: Int, bytes: Int) {
    (min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 5), 16 * 1_048_576)
  }

  /// The transfer, the checks and the new snapshot file, from the data `previous` describes.
  func fetch(previous: CacheMetadata?, force: Bool, progress: (@Sendable (Int) -> Void)?) async -> Fetched {
    // Past a memory limit a refresh would end the process or wait forever for a thread: it asks
    // for its room first, and without it changes nothing.
    if let shortfall = MemoryHeadroom.shortfall(threads: Self.headroom.threads, bytes: Self.headroom.bytes) {
      return .failed(
        Failure(
          message: "refresh failed: no room for a refresh (\(shortfall.reason)): \(shortfall.words)", cancelled: false,
          limited: true))
    }
    // Stored URLs are redacted: compare like with like.
    let sameServer =
      previous.map { URLRedaction.redact($0.url) } == configuration.displayURL
      && previous?.flavour == configuration.flavour.rawValue
    let validators = force || !sameServer ? [:] : (previous?.validators ?? [:])
    let counting = CountingTransport(transport, limit: DataLimits.maximumRequests)
    let client = configuration.client(transport: counting)
    let outcome: FetchOutcome
    do {
      outcome = try await withDeadline(configuration.deadline) { () async throws(APIError) -> FetchOutcome in
        try await client.fetchAll(validators: validators, progress: progress)
      }
    } catch {
      let cancelled = error.isCancellation
      return .failed(
        Failure(
          message: cancelled ? "refresh cancelled" : "refresh failed: \(error)", cancelled: cancelled,
          problem: error.problem, requests: counting.sent,
          network: cancelled
            ? nil
            : NetworkFailure(
              message: error.description, offline: error.meansOffline, unsent: error.unsentReason,
              problem: error.problem, at: now())))
    }
    switch outcome {
    case .notModified:
      var confirmed = previous
      confirmed?.fetchedAt = now()
      if let confirmed { try? cache.saveMetadata(confirmed) }
      return .notModified(metadata: confirmed, requests: counting.sent, at: now())
    case .fetched(let fetched):
      // The bundled corrections over the server's records, on every flavour's path (`BundledOverlay`).
      // Without the bundled data (a broken install) the server's records stand as they came.
      let bundled = (try? cache.bundledCountries().countries) ?? []
      let countries = BundledOverlay.applied(to: ServerBorders.validated(fetched.countries), from: bundled)
      // Each record encoded once: the check reads the sizes, the snapshot stores the bytes.
      let encoded = SnapshotWriter.encode(countries)
      if let problem = Self.problem(with: countries, encoded: encoded) {
        return .failed(
          Failure(
            message: "refresh failed: invalid data: \(problem)", cancelled: false, requests: counting.sent,
            network: NetworkFailure(message: "invalid data: \(problem)", offline: false, at: now())))
      }
      let fetchedAt = now()
      // The check found each cca3 once: the records go into the catalog's order by it.
      let byCode = Dictionary(zip(countries.map(\.cca3), encoded)) { first, _ in first }
      let catalog = CountryCatalog(countries: countries)
      let records = catalog.records.all.map { byCode[$0.cca3] ?? nil }
      let metadata: CacheMetadata
      do {
        metadata = try cache.save(
          catalog, records: records, url: configuration.displayURL, flavour: configuration.flavour.rawValue,
          fetchedAt: fetchedAt,
          validators: fetched.validators)
      } catch {
        return .failed(Failure(message: "refresh failed: \(error.message)", cancelled: false))
      }
      return .updated(
        catalog, .cache(fetchedAt: fetchedAt, url: configuration.displayURL), metadata,
        .updated(count: countries.count, bytes: fetched.bytes, requests: counting.sent))
    }
  }

  /// Why `countries` may not replace the data (see `problem(with:encoded:)`), or nil: for the payload
  /// fuzzer, by the refresh's own path.
  public static func validate(_ countries: [Country]) -> String? {
    problem(with: countries, encoded: SnapshotWriter.encode(countries))
  }

  /// `1 request sent`, `3 requests sent`.
  static func requests(_ count: Int) -> String { count == 1 ? "1 request sent" : "\(count) requests sent" }

  /// Why a fetched list is not a plausible dataset, or nil when it is: too few or too many records,
  /// an empty or repeated code, an empty or blank name, a number out of range, a string or the whole over its bound.
  /// Names the first bad record. `encoded`: each record's JSON (`SnapshotWriter.encode`), in order.
  ///
  /// Every string and key of a record is in its JSON, whole (escaping only lengthens it): a record
  /// whose JSON is within the string bound holds no longer string, and is not walked for one; its
  /// JSON's size stands for its strings' bytes in the total. When that total is over the bound, the
  /// records counted so are measured exactly before the data is refused.
  static func problem(with countries: [Country], encoded: [[UInt8]?]) -> String? {
    if countries.count < DataLimits.minimumCount {
      return "only \(countries.count) countries (expected at least \(DataLimits.minimumCount))"
    }
    if let tooMany = DataLimits.tooMany(countries.count) { return tooMany }
    var seen = Set<String>()
    var seenAlpha2 = Set<String>()
    var total = 0
    // The records counted by their JSON's size; once that is over the bound, every record is measured.
    var bounded: [Int] = []
    var exact = false
    for (index, country) in countries.enumerated() {
      let name = Sanitized.line(country.name.common, limit: 40)
      if country.cca3.isEmpty { return "[\(index)].cca3 is empty" }
      if country.cca2.isEmpty { return "[\(index)].cca2 is empty" }
      // A name of only spaces (or other characters that fold away) names nothing a person can type.
      if TextFolding.foldedBytes(country.name.common).isEmpty {
        return "[\(index)].name.common is " + (country.name.common.isEmpty ? "empty" : "blank (no letter or digit)")
      }
      if !seen.insert(country.cca3.uppercased()).inserted {
        return "[\(index)].cca3 \(Sanitized.line(country.cca3, limit: 10)) appears twice"
      }
      if !seenAlpha2.insert(country.cca2.uppercased()).inserted {
        return "[\(index)].cca2 \(Sanitized.line(country.cca2, limit: 10)) appears twice"
      }
      if let population = country.population, !(0...20_000_000_000).contains(population) {
        return "[\(index)] (\(name)).population \(population) is out of range"
      }
      if let area = country.area, !(area.isFinite && (0...200_000_000).contains(area)) {
        return "[\(index)] (\(name)).area \(area) is out of range"
      }
      if let latlng = country.latlng,
        !latlng.isEmpty
          && !(latlng.count == 2 && latlng.allSatisfy(\.isFinite) && abs(latlng[0]) <= 90 && abs(latlng[1]) <= 180)
      {
        return "[\(index)] (\(name)).latlng \(latlng.prefix(3)) is not a latitude and longitude"
      }
      if !exact, index < encoded.count, let json = encoded[index], json.count <= DataLimits.maximumStringBytes {
        total += json.count
        bounded.append(index)
      } else {
        let strings = StringBounds.measure(country, limit: DataLimits.maximumStringBytes, root: "[\(index)]")
        if let path = strings.longest {
          return "\(path) (\(name)) is longer than the \(DataLimits.maximumStringBytes / 1024) KB allowed"
        }
        total += strings.bytes
      }
      if total > DataLimits.maximumTotalBytes, !bounded.isEmpty {
        // Over only by the JSON's sizes, perhaps: those records measured, and every one from here.
        for earlier in bounded {
          let json = encoded[earlier]?.count ?? 0
          let measured = StringBounds.measure(countries[earlier], limit: Int.max, root: "[\(earlier)]").bytes
          total += measured - json
        }
        bounded = []
        exact = true
      }
      if total > DataLimits.maximumTotalBytes {
        return "the data is larger than the \(DataLimits.maximumTotalBytes / 1_048_576) MB allowed"
      }
    }
    return nil
  }
}

/// Runs `operation`, failing with `.deadline` if it takes longer than `limit`.
public func withDeadline<T: Sendable>(
  _ limit: Duration, _ operation: @escaping @Sendable () async throws(APIError) -> T
)
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

/// Counts a refresh's requests and refuses any past `limit`, so that no server can make one refresh
/// send an unbounded number of them.
final class CountingTransport: HTTPTransport {
  let base: any HTTPTransport
  let limit: Int
  private let count = Mutex(0)

  init(_ base: any HTTPTransport, limit: Int) {
    self.base = base
    self.limit = limit
  }

  /// Requests sent so far.
  var sent: Int { count.withLock { $0 } }

  func send(_ request: HTTPRequest, maxBytes: Int, progress: (@Sendable (Int) -> Void)?) async throws(TransportError)
    -> HTTPResponse
  {
    let allowed = count.withLock { count in
      guard count < limit else { return false }
      count += 1
      return true
    }
    guard allowed else { throw .other("more than \(limit) requests for one refresh") }
    return try await base.send(request, maxBytes: maxBytes, progress: progress)
  }
}
