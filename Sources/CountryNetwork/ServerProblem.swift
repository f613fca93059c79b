import CtrySystem

/// A failure of the server that a change of configuration answers (a `CtryError`'s fact): the
/// message states the problem (`APIError.statement(of:)`) and the shell words the way out after
/// that statement. `Codable` so that the network status keeps it with the last error's text.
public enum ServerProblem: CtryError.Fact, Codable {
  /// The keyed API and no key: no request was sent.
  case noAPIKey
  /// The hosted `version` API is retired and no server was chosen: no request was sent.
  case retiredServer(version: String)
  /// The server rejected the key (HTTP 401).
  case keyRejected
  /// Nothing answers at the server's address (HTTP 404).
  case nothingAtAddress
}
