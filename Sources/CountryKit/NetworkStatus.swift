import CountryModel
import CountryNetwork
import CtrySystem
import FoundationEssentials

/// How the last contact with the server went: the prompt shows `(offline)` from a network failure
/// until the next success, and `status` says what the last attempt came to.
///
/// A value, owned by `CountryStore`, which also keeps it in a file (`load(from:)`, `save(to:)`) so
/// that `status` in a new process still knows that the last refresh failed.
public struct NetworkStatus: Sendable, Equatable, Codable {
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
  /// What a change of configuration would answer in the last error, which `lastError` states
  /// without the way out: the shell words that when it shows the error. Nil when nothing would, and
  /// in a file written before it was kept (whose `lastError` already has the words).
  public var lastErrorProblem: ServerProblem?
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

  /// A failure; `offline` when the server could not be reached at all; `unsent` says why no request
  /// was sent, when none was (`APIError.unsentReason`); `problem` what a change of configuration
  /// would answer (`APIError.problem`).
  public mutating func recordFailure(
    _ message: String, offline: Bool, unsent: String? = nil, problem: ServerProblem? = nil,
    at date: Date = Date()
  ) {
    lastError = message
    lastErrorAt = date
    lastOutcome = .failed
    lastUnsentReason = unsent
    lastErrorProblem = problem
    if offline { self.offline = true }
  }

  public mutating func recordSuccess(at date: Date = Date()) {
    offline = false
    lastSuccessAt = date
    lastOutcome = .succeeded
    lastUnsentReason = nil
  }

  /// The most bytes of the file read: far more than a status holds.
  static let maximumBytes = 1 << 20

  /// What an earlier run left in `path` (JSON), or nil. A file that does not decode is ignored: it
  /// holds nothing that cannot be learnt again. One that cannot be read (not a regular file, larger
  /// than `maximumBytes`) is ignored too, with the one `warning` line that says why.
  public static func load(from path: String) -> (status: NetworkStatus?, warning: String?) {
    let bytes: [UInt8]
    do throws(RegularFile.Failure) {
      bytes = try RegularFile.read(path, limit: maximumBytes)
    } catch {
      if error == .missing { return (nil, nil) }
      return (nil, "ctry: ignoring \(VisibleEscapes.escaped(path)): \(error)")
    }
    return (try? TapeDecoder.decode(NetworkStatus.self, from: bytes, dates: .iso8601), nil)
  }

  /// Writes the status to `path`, replacing the file whole; a failure only loses the memory.
  public func save(to path: String) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    encoder.dateEncodingStrategy = .iso8601
    guard let data = try? encoder.encode(self) else { return }
    try? AtomicFile.write(data, to: path)
  }
}
