import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How the last contact with the server went, readable synchronously (the prompt shows
/// `(offline)` from a network failure until the next success) and, once `persist(at:)` names a
/// file, remembered across runs: `status` in a new process still knows that the last refresh failed.
public final class NetworkStatus: Sendable {
  public struct State: Sendable, Equatable, Codable {
    /// What an attempt came to.
    public enum Outcome: String, Sendable, Codable {
      case succeeded, failed
    }

    public var offline = false
    public var lastError: String?
    public var lastErrorAt: Date?
    public var lastSuccessAt: Date?
    /// What the last attempt came to, recorded with it. The times alone cannot say which came last:
    /// the file keeps whole seconds, and a success and a 401 often fall in the same one. Nil in a
    /// file written before it was kept.
    public var lastOutcome: Outcome?
    /// Why the last attempt sent no request at all (`no API key`); nil when it sent one, or succeeded.
    public var lastUnsentReason: String?

    public init() {}

    /// When the server was last tried, whatever came of it.
    public var lastAttemptAt: Date? {
      switch lastOutcome {
      case .failed?: return lastErrorAt
      case .succeeded?: return lastSuccessAt
      case nil:
        switch (lastErrorAt, lastSuccessAt) {
        case (let failed?, let succeeded?): return max(failed, succeeded)
        case (let failed?, nil): return failed
        case (nil, let succeeded?): return succeeded
        case (nil, nil): return nil
        }
      }
    }

    /// Whether the last attempt failed.
    public var lastAttemptFailed: Bool {
      if let lastOutcome { return lastOutcome == .failed }
      guard let failed = lastErrorAt else { return false }
      return lastSuccessAt.map { failed > $0 } ?? true
    }
  }

  private let state = Mutex(State())
  private let file = Mutex<String?>(nil)

  public init() {}

  public var current: State { state.withLock { $0 } }
  public var isOffline: Bool { state.withLock { $0.offline } }

  /// Keeps the state in `path` (JSON): reads what an earlier run left there, and writes each change.
  /// A file that does not read is ignored; it holds nothing that cannot be learnt again.
  public func persist(at path: String) {
    if let data = FileManager.default.contents(atPath: path),
      let saved = try? Self.decoder.decode(State.self, from: data)
    {
      state.withLock { $0 = saved }
    }
    file.withLock { $0 = path }
  }

  /// A failure; `offline` when the server could not be reached at all; `unsent` says why no request
  /// was sent, when none was (`APIError.unsentReason`).
  public func recordFailure(_ message: String, offline: Bool, unsent: String? = nil, at date: Date = Date()) {
    let updated = state.withLock {
      $0.lastError = message
      $0.lastErrorAt = date
      $0.lastOutcome = .failed
      $0.lastUnsentReason = unsent
      if offline { $0.offline = true }
      return $0
    }
    save(updated)
  }

  public func recordSuccess(at date: Date = Date()) {
    let updated = state.withLock {
      $0.offline = false
      $0.lastSuccessAt = date
      $0.lastOutcome = .succeeded
      $0.lastUnsentReason = nil
      return $0
    }
    save(updated)
  }

  private func save(_ value: State) {
    guard let path = file.withLock({ $0 }) else { return }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    encoder.dateEncodingStrategy = .iso8601
    guard let data = try? encoder.encode(value) else { return }
    try? AtomicFile.write(data, to: path)
  }

  private static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}
