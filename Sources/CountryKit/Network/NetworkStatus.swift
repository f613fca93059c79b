import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Whether the last contact with the server failed, readable synchronously (the prompt shows
/// `(offline)` from a network failure until the next success).
public final class NetworkStatus: Sendable {
  public struct State: Sendable, Equatable {
    public var offline = false
    public var lastError: String?
    public var lastErrorAt: Date?
    public var lastSuccessAt: Date?
  }

  private let state = Mutex(State())

  public init() {}

  public var current: State { state.withLock { $0 } }
  public var isOffline: Bool { state.withLock { $0.offline } }

  /// A failure; `offline` when the server could not be reached at all.
  public func recordFailure(_ message: String, offline: Bool, at date: Date = Date()) {
    state.withLock {
      $0.lastError = message
      $0.lastErrorAt = date
      if offline { $0.offline = true }
    }
  }

  public func recordSuccess(at date: Date = Date()) {
    state.withLock {
      $0.offline = false
      $0.lastSuccessAt = date
    }
  }
}
