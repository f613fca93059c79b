import ArgumentParser
import CountryKit
import CtryCommands
import CtryShell
import Foundation

/// The process's own flags; everything else is a ctry command line.
struct CtryCLI: AsyncParsableCommand {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "ctry",
    abstract: "A shell for exploring the world's countries.",
    discussion: """
      Modes: 'ctry' on a terminal starts the shell; 'ctry -c CMD' runs commands and exits; \
      'ctry COMMAND ARGS…' runs one command; with stdin not a terminal, ctry runs one command per line. \
      Type 'ctry help' for the commands.
      """,
    version: version)

  @Option(name: .customShort("c"), help: ArgumentHelp("Run a command and exit (repeatable).", valueName: "command"))
  var commands: [String] = []

  @Option(help: ArgumentHelp("Output format: table, json, csv or plain.", valueName: "format"))
  var format: String?

  @Flag(help: "Same as --format json.")
  var json = false

  @Flag(name: .customLong("no-color"), help: "No colour (also when NO_COLOR is set).")
  var noColor = false

  @Option(
    name: .customLong("data-dir"), help: ArgumentHelp("Keep all of ctry's files in this directory.", valueName: "dir"))
  var dataDirectory: String?

  @Flag(help: "Never touch the network.")
  var offline = false

  @Option(help: ArgumentHelp("The REST Countries server (also CTRY_API_URL).", valueName: "url"))
  var api: String?

  @Option(
    name: .customLong("api-version"),
    help: ArgumentHelp("The server's API: v3.1, v2 or v5 (v5 needs CTRY_API_KEY).", valueName: "version"))
  var apiVersion: String?

  @Flag(name: .customLong("no-init"), help: "Do not run the start-up file init.ctry.")
  var noInit = false

  @Argument(
    parsing: .captureForPassthrough,
    help: ArgumentHelp("A command and its arguments, or a .ctry script and its arguments.", valueName: "command"),
    completion: .custom { words, index, prefix in ShellCompletion.candidates(words, index, prefix) })
  var words: [String] = []

  func validate() throws {
    if let format, OutputFormat(rawValue: format) == nil {
      throw ValidationError("--format must be one of table, json, csv, plain, got '\(format)'")
    }
    if !commands.isEmpty, !words.isEmpty {
      throw ValidationError("give either -c commands or one COMMAND with its arguments, not both")
    }
  }

  /// Runs the chosen mode and returns the process's exit status.
  func execute() -> Int32 {
    // Flags after the first unknown word are passed through whole; answer the process's own here.
    if let first = words.first, first.hasPrefix("-") {
      switch first {
      case "--help", "-h":
        StandardOutput().write(Self.helpMessage() + "\n")
        return 0
      case "--version":
        StandardOutput().write(Self.version + "\n")
        return 0
      default:
        StandardOutput.writeError("unknown option '\(first)' — see 'ctry --help'\n")
        return 2
      }
    }
    let environment = ProcessInfo.processInfo.environment
    let engine: Engine
    do {
      engine = try makeEngine(environment: environment)
    } catch {
      StandardOutput.writeError("\(error)\n")
      return 1
    }
    // exit() here, while the engine is still alive: releasing the catalog's ~100 000 objects one by
    // one costs more than the kernel takes to drop the whole heap.
    Foundation.exit(run(engine, environment: environment))
  }

  /// The mode after start-up: completion, -c commands, a script, one command, stdin or the shell.
  private func run(_ engine: Engine, environment: [String: String]) -> Int32 {
    let context = engine.context
    if words.first == "__complete" {
      let plugins = context.plugins
      let completer = Completer(registry: context.registry, snapshot: context.store.snapshot) { plugins.names() }
      let candidates = completer.candidates(words: Array(words.dropFirst()))
      engine.output.write(candidates.map { $0 + "\n" }.joined())
      return 0
    }
    if !noInit { runStartupFile(engine) }
    if !commands.isEmpty {
      let commands = self.commands
      return Blocking.run {
        await ScriptRunner.run(lines: commands, name: nil, engine: engine, defaultOnError: .continue)
      }
    }
    if let first = words.first, context.registry.command(named: first) == nil, Self.isScript(first) {
      let arguments = Array(words.dropFirst())
      return Blocking.run { await ScriptRunner.run(path: first, arguments: arguments, engine: engine) }
    }
    if !words.isEmpty {
      let words = self.words
      return Blocking.run { await engine.run(words: words).code }
    }
    if !Terminal.isTerminal(0) {
      return Blocking.run {
        await ScriptRunner.run(lines: StandardInputLines(), name: nil, engine: engine, defaultOnError: .continue)
      }
    }
    return interactive(engine, environment: environment)
  }

  /// `ctry trip.ctry` and `#!/usr/bin/env ctry`: a word naming an existing file, or ending in .ctry.
  static func isScript(_ word: String) -> Bool {
    word.hasSuffix(".ctry") || (word.contains("/") && FileManager.default.fileExists(atPath: word))
  }

  /// `init.ctry` runs before the first prompt and before -c commands; its errors are reported with
  /// file:line and do not stop ctry from starting.
  private func runStartupFile(_ engine: Engine) {
    let path = engine.context.paths.initScript
    guard FileManager.default.fileExists(atPath: path) else { return }
    _ = Blocking.run { await ScriptRunner.run(path: path, arguments: [], engine: engine) }
  }

  /// The shell on a terminal: libedit line editing, history and completion.
  private func interactive(_ engine: Engine, environment: [String: String]) -> Int32 {
    let context = engine.context
    let entries = context.history.load()
    let pluginNames = context.plugins.names()
    let session = context.session
    let completer = Completer(registry: context.registry, snapshot: context.store.snapshot) {
      Array(session.settings.aliases.keys) + pluginNames
    }
    let useLibedit = Terminal.isTerminal(1) && environment["TERM"] != "dumb"
    let editor: any LineEditor =
      (useLibedit
        ? EditLineEditor(
          programName: "ctry", completer: completer, history: entries, historySize: context.history.limit)
        : nil) ?? PlainLineEditor()
    let network = context.store.network
    let shell = InteractiveShell(engine: engine, editor: editor, history: context.history) {
      let settings = engine.settings
      return Prompt.text(color: settings.color, offline: settings.offline || network.isOffline)
    }
    Self.refreshInBackgroundIfStale(context)
    // Start-up decoded only what it needed; the rest loads while the person reads the prompt.
    let catalog = context.catalog
    Task.detached(priority: .utility) {
      catalog.preload()
      completer.prepare()
    }
    let count = context.catalog.count
    let banner =
      "ctry \(Self.version) · \(count) countries (\(Blocking.run { await context.store.source }.shortDescription)) · "
      + "help · Tab completes · Ctrl-D quits"
    return shell.run(banner: Style(enabled: engine.settings.color).dim(banner))
  }

  /// A cache older than its TTL is refreshed after the prompt appears, without blocking typing;
  /// a failure only shows as `(offline)` in the next prompt. Bundled data is never refreshed
  /// unasked: a new user has chosen no server yet.
  static func refreshInBackgroundIfStale(_ context: CommandContext) {
    let settings = context.session.settings
    guard !settings.offline else { return }
    Task.detached(priority: .background) {
      guard let metadata = await context.store.cacheMetadata else { return }
      let age = Date().timeIntervalSince(metadata.fetchedAt)
      let ttl = Double(settings.cacheTTL.components.seconds)
      guard age > ttl else { return }
      _ = try? await context.refresher.refresh()
    }
  }

  private func makeEngine(environment: [String: String]) throws -> Engine {
    let paths = AppPaths.resolve(environment: environment, override: dataDirectory)
    let apiConfiguration = try APIConfiguration.resolve(url: api, version: apiVersion, environment: environment)
    let (store, warning) = try CountryStore.load(cache: CountryCache(directory: paths.cacheDirectory))
    if let warning { StandardOutput.writeError(warning + "\n") }
    let colorAllowed = !noColor && (environment["NO_COLOR"] ?? "").isEmpty && Terminal.isTerminal(1)
    let chosen = json ? .json : (format.flatMap(OutputFormat.init(rawValue:)) ?? .table)
    let session = Session(Settings(format: chosen, color: colorAllowed, offline: offline, api: apiConfiguration))
    let showsProgress = Terminal.isTerminal(2)
    let context = CommandContext(
      store: store,
      favorites: FavoritesStore(path: paths.favoritesFile),
      home: HomeService(store: HomeStore(path: paths.homeFile), inference: HomeInference(environment: environment)),
      registry: BuiltinCommands.registry(testCommands: environment["CTRY_TEST_COMMANDS"] == "1"),
      interaction: TerminalInteraction(),
      paths: paths,
      history: HistoryStore(path: paths.historyFile),
      session: session,
      transport: CurlTransport(userAgent: "ctry/\(Self.version)"),
      statusLine: { text in
        guard showsProgress else { return }
        StandardOutput.writeError("\r\u{1B}[K" + (text ?? ""))
      },
      plugins: PluginFinder(path: environment["PATH"]))
    return Engine(context: context, terminalWidth: { Terminal.isTerminal(1) ? Terminal.width() ?? 80 : nil })
  }

}

/// Lines of standard input, read lazily.
struct StandardInputLines: Sequence, IteratorProtocol {
  mutating func next() -> String? { readLine(strippingNewline: true) }
}
