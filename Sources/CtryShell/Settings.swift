import CountryKit
import CountryNetwork
import CtryGrammar
import CtryOutput
import CtrySystem
import Synchronization

/// Session settings that outlive one command line.
package struct Settings: Sendable, Equatable {
  package var format: OutputFormat
  package var color: Bool
  /// The colours the terminal shows when colour is on (COLORTERM).
  package var colorDepth: ColorDepth = .xterm256
  /// Never touch the network (`--offline`).
  package var offline: Bool
  /// The REST Countries server `refresh` and `--live` talk to.
  package var api: APIConfiguration
  /// How old the cache may get before the shell refreshes it in the background.
  package var cacheTTL: Duration
  /// `set on-error stop|continue`; nil: each mode's default (scripts stop, piped input continues).
  package var onError: ScriptRunner.OnError?
  /// The language of country names asked for by ctry's `--lang` or `set language` (a checked code,
  /// `en` for English); nil: the locale's (`LanguageChoice`).
  package var language: String?
  /// The language the locale names (LC_ALL, LC_MESSAGES, LANG), nil for none: names in it when the
  /// table has it.
  package var localeLanguage: String?
  /// `set echo on`: print each script command on stderr (`+ COMMAND`) before running it.
  package var echo = false
  /// `set NAME VALUE` for names that are not settings: `${NAME}` in later lines.
  package private(set) var variables: [String: String] = [:]
  /// `alias NAME = COMMAND ARGS…`: the words NAME stands for.
  package private(set) var aliases: [String: [String]] = [:]
  /// What the variables and aliases take (`size`), at most `InputLimits.definitionBytes`.
  private var definitionBytes = 0

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

extension Settings {
  /// Sets a variable; throws, changing nothing, for a value over `InputLimits.wordBytes` or when the
  /// definitions would outgrow `InputLimits.definitionBytes`.
  package mutating func setVariable(_ name: String, to value: String) throws(CtryError) {
    try InputLimits.check(value: value)
    let size = Self.size(name, [value])
    let replaced = variables[name].map { Self.size(name, [$0]) } ?? 0
    try InputLimits.check(definitions: definitionBytes - replaced + size)
    variables[name] = value
    definitionBytes += size - replaced
  }

  /// Defines an alias; throws, changing nothing, when the definitions would outgrow
  /// `InputLimits.definitionBytes`.
  package mutating func setAlias(_ name: String, to words: [String]) throws(CtryError) {
    let size = Self.size(name, words)
    let replaced = aliases[name].map { Self.size(name, $0) } ?? 0
    try InputLimits.check(definitions: definitionBytes - replaced + size)
    aliases[name] = words
    definitionBytes += size - replaced
  }

  /// Removes an alias and returns its words; nil when there was none.
  package mutating func removeAlias(_ name: String) -> [String]? {
    guard let words = aliases.removeValue(forKey: name) else { return nil }
    definitionBytes -= Self.size(name, words)
    return words
  }

  /// The memory a definition takes: its UTF-8 bytes, and what a dictionary entry and each string
  /// cost beside them, so that many small definitions count as what they hold.
  private static func size(_ name: String, _ words: [String]) -> Int {
    words.reduce(64 + name.utf8.count) { $0 + 16 + $1.utf8.count }
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
  /// an `alias` in another) both land. `change` works on the settings in place, so that a change
  /// costs the same however many variables and aliases there are: one that throws must throw before
  /// it changes anything, as `Settings`' own setters do.
  package func update<T: Sendable, Failure: Error>(_ change: (inout Settings) throws(Failure) -> T) throws(Failure) -> T
  {
    try state.withLock { (settings: inout Settings) throws(Failure) -> T in try change(&settings) }
  }
}
