import CountryKit
import CountryNetwork
import CtrySystem
import Synchronization

/// Session settings that outlive one command line.
package struct Settings: Sendable, Equatable {
  package var format: OutputFormat
  package var color: Bool
  /// Never touch the network (`--offline`).
  package var offline: Bool
  /// The REST Countries server `refresh` and `--live` talk to.
  package var api: APIConfiguration
  /// How old the cache may get before the shell refreshes it in the background.
  package var cacheTTL: Duration
  /// `set on-error stop|continue`; nil: each mode's default (scripts stop, piped input continues).
  package var onError: ScriptRunner.OnError?
  /// `set echo on`: print each script command on stderr (`+ COMMAND`) before running it.
  package var echo = false
  /// `set NAME VALUE` for names that are not settings: `${NAME}` in later lines.
  package var variables: [String: String] = [:]
  /// `alias NAME = COMMAND ARGS…`: the words NAME stands for.
  package var aliases: [String: [String]] = [:]

  package init(
    format: OutputFormat = .table, color: Bool = false, offline: Bool = false,
    api: APIConfiguration = APIConfiguration(),
    cacheTTL: Duration = .seconds(7 * 24 * 3600)
  ) {
    self.format = format
    self.color = color
    self.offline = offline
    self.api = api
    self.cacheTTL = cacheTTL
  }
}

/// The settings of one running ctry, shared by the engine and the commands.
package final class Session: Sendable {
  private let state: Mutex<Settings>

  package init(_ settings: Settings) {
    state = Mutex(settings)
  }

  /// The settings now (a copy).
  package var settings: Settings { state.withLock { $0 } }

  /// Changes the settings in one step under the lock, so two changes at once (a `set` in one task,
  /// an `alias` in another) both land. Nothing changes when `change` throws.
  package func update<T: Sendable, Failure: Error>(_ change: (inout Settings) throws(Failure) -> T) throws(Failure) -> T
  {
    try state.withLock { (settings: inout Settings) throws(Failure) -> T in
      var copy = settings
      let result = try change(&copy)
      settings = copy
      return result
    }
  }
}
