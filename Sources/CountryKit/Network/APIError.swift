/// Why talking to a REST Countries server failed, in words for the one-line message.
public enum APIError: Error, Sendable, Equatable, CustomStringConvertible {
  case transport(TransportError)
  /// A non-success status, with the server's own message when it sent one.
  case http(status: Int, message: String?)
  /// The body was not what the API promises; names the field path.
  case decoding(String)
  /// The data decoded but is not a plausible country list.
  case invalid(String)
  case missingKey
  case deadline(Duration)

  public var description: String {
    switch self {
    case .transport(.unreachable(let detail)): return "server unreachable (\(detail))"
    case .transport(.timeout): return "the server did not answer in time"
    case .transport(.tooLarge(let limit)): return "response larger than \(limit / 1_048_576) MB"
    case .transport(.cancelled): return "cancelled"
    case .transport(.other(let detail)): return detail
    case .http(let status, let message):
      return "HTTP \(status)" + (message.map { ": \($0)" } ?? "")
    case .decoding(let detail): return "unexpected data: \(detail)"
    case .invalid(let detail): return "invalid data: \(detail)"
    case .missingKey: return "the v5 API needs a key: set CTRY_API_KEY"
    case .deadline(let limit): return "gave up after \(limit.components.seconds) s"
    }
  }

  /// Worth another try: connection trouble, timeouts, 5xx and 429.
  var isRetryable: Bool {
    switch self {
    case .transport(.unreachable), .transport(.timeout): return true
    case .http(let status, _): return status == 429 || (500...599).contains(status)
    default: return false
    }
  }

  public var isCancellation: Bool { self == .transport(.cancelled) }

  /// The server could not be reached at all: the shell shows `(offline)` until the next success.
  public var meansOffline: Bool {
    switch self {
    case .transport(.unreachable), .transport(.timeout), .deadline: return true
    default: return false
    }
  }
}
