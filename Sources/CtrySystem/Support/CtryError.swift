/// An error meant for a person: one line of message, an optional hint, and the process exit code.
///
/// The core names no shell command: where the way out is a command (`search …`, `favorites remove`,
/// `--data-dir`), it throws the `fact` and leaves the hint to the shell (`CtryError.worded` there).
///
/// Exit codes follow the CLI contract: 1 for "not found" and "refused", 2 for usage errors.
public struct CtryError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    case notFound
    case refused
    case usage
    case io
    case data
    case network
    case cancelled
    /// A limit the system sets (`ulimit`) leaves too little room: exit 71 (`EX_OSERR`).
    case systemLimit
  }

  public var kind: Kind
  public var message: String
  public var hint: String?
  /// What happened, for the shell to word the hint when the core gave none.
  public var fact: Fact?

  /// What happened, in the core's terms.
  public enum Fact: Sendable, Equatable {
    /// No country answers `query`; `suggestions` are close names, `searchFinds` whether a search
    /// for `query` finds anything.
    case unknownCountry(query: String, suggestions: [String], searchFinds: Bool)
    /// Adding would take the favorites past `limit`.
    case favoritesFull(limit: Int)
    /// `code` is not a favorite.
    case notAFavorite(code: String)
    /// The data directory cannot hold the state database.
    case dataDirectoryUnusable(directory: String)
    /// The server cannot answer until its configuration changes; the message states the problem
    /// (`CountryNetwork`'s `APIError`) and the shell words the way out after that statement.
    case serverProblem(ServerProblem)
    /// A server URL that is not one ctry can ask; the shell gives an example of one that is.
    case unusableServerURL
  }

  /// A failure of the server that a change of configuration answers, in the core's terms; `Codable`
  /// so that the network status keeps it with the last error's text.
  public enum ServerProblem: Sendable, Equatable, Codable {
    /// The keyed API and no key: no request was sent.
    case noAPIKey
    /// The hosted `version` API is retired and no server was chosen: no request was sent.
    case retiredServer(version: String)
    /// The server rejected the key (HTTP 401).
    case keyRejected
    /// Nothing answers at the server's address (HTTP 404).
    case nothingAtAddress
  }

  public init(_ kind: Kind, _ message: String, hint: String? = nil, fact: Fact? = nil) {
    self.kind = kind
    self.message = message
    self.hint = hint
    self.fact = fact
  }

  /// The process exit code for this error.
  public var exitCode: Int32 {
    switch kind {
    case .usage: return 2
    case .cancelled: return 130
    case .systemLimit: return 71
    default: return 1
    }
  }

  /// The single line shown on stderr: `message — hint`.
  public var description: String {
    guard let hint, !hint.isEmpty else { return message }
    return "\(message) — \(hint)"
  }

  public static func notFound(_ message: String, hint: String? = nil) -> CtryError {
    CtryError(.notFound, message, hint: hint)
  }

  public static func refused(_ message: String, hint: String? = nil) -> CtryError {
    CtryError(.refused, message, hint: hint)
  }

  public static func usage(_ message: String, hint: String? = nil) -> CtryError {
    CtryError(.usage, message, hint: hint)
  }
}
