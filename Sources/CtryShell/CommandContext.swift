import CountryKit
import CountryModel
import CountryNetwork
import CountryStorage
import CtrySystem
import FoundationEssentials

/// What a command may use: the data, the user's stores, the registry and the person at the keyboard.
/// Every effect is injected here, so commands run the same in tests as in the shell.
package struct CommandContext: Sendable {
  package var store: CountryStore
  package var favorites: FavoritesStore
  package var home: HomeService
  package var registry: CommandRegistry
  package var interaction: any Interaction
  package var paths: AppPaths
  /// The command history (the shell's; in other modes, what the history file holds).
  package var history: HistoryStore
  /// Settings shared with the engine (format, colour, API, offline).
  package var session: Session
  /// The disk cache `refresh` writes: the one the store was loaded from.
  package var cache: CountryCache
  /// How HTTP requests are sent.
  package var transport: any HTTPTransport
  /// Shows a transient status line (a refresh's progress) on a terminal; nil clears it.
  package var statusLine: @Sendable (String?) -> Void
  /// External `ctry-NAME` commands on PATH.
  package var plugins: PluginFinder
  /// Lets `run` send a script back through the engine that runs this command.
  package let scripts = ScriptHost()
  /// Where relative paths typed at the prompt are found.
  package var workingDirectory: String
  /// A fresh random seed for commands that pick at random (`deal` without `--seed`).
  package var randomSeed: @Sendable () -> UInt64
  /// The time now, in whole seconds since the Unix epoch: the one clock of `time`, `holidays` and
  /// `compare` (a test fixes it).
  package var now: @Sendable () -> Int
  /// Country names in the language of the line being run (`LanguageChoice`); nil: English, the data's.
  package var names: LocalNames?

  package init(
    store: CountryStore, favorites: FavoritesStore, home: HomeService, registry: CommandRegistry,
    interaction: any Interaction, paths: AppPaths, cache: CountryCache? = nil, history: HistoryStore? = nil,
    session: Session = Session(Settings()),
    transport: any HTTPTransport = CurlTransport(), statusLine: @escaping @Sendable (String?) -> Void = { _ in },
    plugins: PluginFinder = PluginFinder(path: nil),
    workingDirectory: String = FileManager.default.currentDirectoryPath,
    randomSeed: @escaping @Sendable () -> UInt64 = { UInt64.random(in: .min ... .max) },
    now: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970.rounded(.down)) }
  ) {
    self.store = store
    self.favorites = favorites
    self.home = home
    self.registry = registry
    self.interaction = interaction
    self.paths = paths
    self.history = history ?? HistoryStore(path: nil)
    self.session = session
    self.cache = cache ?? CountryCache(directory: paths.cacheDirectory)
    self.transport = transport
    self.statusLine = statusLine
    self.plugins = plugins
    self.workingDirectory = workingDirectory
    self.randomSeed = randomSeed
    self.now = now
  }

  /// The country's name in the line's language (`names`), else its common name.
  package func name(of country: Country) -> String {
    names?.name(of: country.cca3, else: country.name.common) ?? country.name.common
  }

  /// The current catalog.
  package var catalog: CountryCatalog {
    get async { await store.snapshot.catalog }
  }

  /// A refresher for the configured server (`CountryStore.refresh` runs it).
  package var refresher: Refresher {
    Refresher(cache: cache, configuration: session.settings.api, transport: transport)
  }

  /// Asks before a destructive change: `--yes` skips the question; without a terminal it is refused.
  package func confirm(_ question: String, yes: Bool, command: String) async throws(CtryError) {
    if yes { return }
    if ScriptStack.current != nil {
      throw CtryError.refused("\(command) needs --yes in a script", hint: "a script never reads the terminal")
    }
    guard interaction.canAsk else {
      throw CtryError.refused("\(command) needs confirmation", hint: "add --yes to do it without asking")
    }
    switch await interaction.confirm(question) {
    case true?: return
    case false?: throw CtryError.refused("nothing was changed")
    case nil: throw CtryError(.cancelled, "^C cancelled")
    }
  }
}
