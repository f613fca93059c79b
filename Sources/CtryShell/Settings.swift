import CountryKit
import Synchronization

/// Session settings that outlive one command line.
public struct Settings: Sendable, Equatable {
  public var format: OutputFormat
  public var color: Bool
  /// Never touch the network (`--offline`).
  public var offline: Bool
  /// The REST Countries server `refresh` and `--live` talk to.
  public var api: APIConfiguration
  /// How old the cache may get before the shell refreshes it in the background.
  public var cacheTTL: Duration
  /// `set on-error stop|continue`; nil: each mode's default (scripts stop, piped input continues).
  public var onError: ScriptRunner.OnError?
  /// `set echo on`: print each script command before running it.
  public var echo = false
  /// `set NAME VALUE` for names that are not settings: `${NAME}` in later lines.
  public var variables: [String: String] = [:]
  /// `alias NAME = COMMAND ARGS…`: the words NAME stands for.
  public var aliases: [String: [String]] = [:]

  public init(
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
public final class Session: Sendable {
  private let state: Mutex<Settings>

  public init(_ settings: Settings) {
    state = Mutex(settings)
  }

  public var settings: Settings {
    get { state.withLock { $0 } }
    set { state.withLock { $0 = newValue } }
  }
}
