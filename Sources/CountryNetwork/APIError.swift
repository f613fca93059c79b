import CountryModel
import CtrySystem
import FoundationEssentials

/// Why talking to a REST Countries server failed, in words for the one-line message.
///
/// The description states what happened and names no command, flag or setting: where the way out is
/// a change of configuration (`problem`), the shell words it after the statement (`APIError.worded`).
public indirect enum APIError: Error, Sendable, Equatable, CustomStringConvertible {
  case transport(TransportError)
  /// A non-success status, with the server's own message when it sent one.
  case http(status: Int, message: String?)
  /// The body was not what the API promises; names the field path.
  case decoding(String)
  /// The data decoded but is not a plausible country list.
  case invalid(String)
  /// The v5 API and no key: no request is made.
  case missingKey
  /// v3.1 or v2 without a server: the hosted ones are retired, so no request is made.
  case retiredServer(String)
  /// A URL outside the configured server's origin, which the key is never sent to.
  case foreignOrigin(String)
  case deadline(Duration)
  /// The last failure, from a server that asked (Retry-After) to be tried again only after `wait`.
  case serverAsksToWait(APIError, wait: Duration, until: Date)

  public var description: String {
    switch self {
    case .transport(.unreachable(let detail)): return "server unreachable (\(detail))"
    case .transport(.timeout): return "the server did not answer in time"
    case .transport(.tooLarge(let limit)): return "response larger than \(limit / 1_048_576) MB"
    case .transport(.cancelled): return "cancelled"
    case .transport(.other(let detail)): return detail
    case .http(let status, let message):
      guard let meaning = Self.meaning(of: status) else { return "HTTP \(status)" + (message.map { ": \($0)" } ?? "") }
      return "HTTP \(status): \(meaning)" + (message.map { " (server: \($0))" } ?? "")
    case .decoding(let detail): return "unexpected data: \(Sanitized.line(detail))"
    case .invalid(let detail): return "invalid data: \(Sanitized.line(detail))"
    case .missingKey: return "no REST Countries API key"
    case .retiredServer(let version): return "the hosted REST Countries \(version) API is retired"
    case .foreignOrigin(let host):
      return "refused to send the API key to \(host), which is not the configured server"
    case .deadline(let limit): return "gave up after \(Self.words(limit))"
    case .serverAsksToWait(let failure, let wait, let until):
      return "\(failure); server asks to wait \(Self.words(wait)) (until \(Self.utc(until)))"
    }
  }

  /// `45 s`, `12 min`, `5 h`, `11 days`.
  static func words(_ duration: Duration) -> String {
    let seconds = duration.components.seconds
    if seconds < 120 {
      let tenths = duration.components.attoseconds / 100_000_000_000_000_000
      return tenths > 0 && seconds < 10 ? "\(seconds).\(tenths) s" : "\(seconds) s"
    }
    if seconds < 7_200 { return "\(seconds / 60) min" }
    if seconds < 172_800 { return "\(seconds / 3_600) h" }
    return "\(seconds / 86_400) days"
  }

  /// `2026-12-04 13:05 UTC`.
  static func utc(_ date: Date) -> String {
    DataSource.moment(date)
  }

  /// What a status means for the person at the keyboard; nil for the 5xx family, whose reason the
  /// server's message gives.
  static func meaning(of status: Int) -> String? {
    switch status {
    case 300..<400: return "the server redirected the request; ctry does not follow redirects with an API key"
    case 400: return "the server refused a request parameter"
    case 401: return "the API key was rejected"
    case 403: return "access refused: monthly request limit reached, or data the plan does not include"
    case 404: return "nothing at this address"
    case 405: return "the server refused the request method"
    case 429: return "rate limited: too many requests, try again later"
    default: return nil
    }
  }

  /// The failure that a change of configuration answers, for the shell to word the way out; nil for
  /// the others.
  public var problem: ServerProblem? {
    switch self {
    case .missingKey: return .noAPIKey
    case .retiredServer(let version): return .retiredServer(version: version)
    case .http(401, _): return .keyRejected
    case .http(404, _): return .nothingAtAddress
    case .serverAsksToWait(let failure, _, _): return failure.problem
    default: return nil
    }
  }

  /// The words that state `problem` in a description, after which the shell puts the way out.
  public static func statement(of problem: ServerProblem) -> String {
    switch problem {
    case .noAPIKey: return APIError.missingKey.description
    case .retiredServer(let version): return APIError.retiredServer(version).description
    case .keyRejected: return APIError.http(status: 401, message: nil).description
    case .nothingAtAddress: return APIError.http(status: 404, message: nil).description
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

  /// The server answered, with a status that is not an answer.
  var isHTTPStatus: Bool {
    if case .http = self { return true }
    return false
  }

  public var isCancellation: Bool { self == .transport(.cancelled) }

  /// Why no request was sent, in a few words, for the failures that stop before sending one.
  public var unsentReason: String? {
    switch self {
    case .missingKey: return "no API key"
    case .retiredServer(let version): return "no server for the retired hosted \(version) API"
    default: return nil
    }
  }

  /// The server could not be reached at all: the shell shows `(offline)` until the next success.
  public var meansOffline: Bool {
    switch self {
    case .transport(.unreachable), .transport(.timeout), .deadline: return true
    case .serverAsksToWait(let failure, _, _): return failure.meansOffline
    default: return false
    }
  }
}
