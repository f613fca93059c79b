import ArgumentParser
import CountryKit
import CtryCommands
import CtryShell

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The process's own flags, declared for `--help` and for the zsh and fish completion scripts that
/// swift-argument-parser generates (and answers: `---completion`). `CommandLineOptions` parses them.
struct CtryCLI: ParsableCommand {
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

  @Option(
    help: ArgumentHelp(
      "The REST Countries server (also CTRY_API_URL); default the keyed v5 API, or a self-hosted v3.1 server.",
      valueName: "url"))
  var api: String?

  @Option(
    name: .customLong("api-version"),
    help: ArgumentHelp(
      "The server's API: v5 (needs CTRY_API_KEY), v3.1 or v2; default from the URL's ending.", valueName: "version"))
  var apiVersion: String?

  @Flag(name: .customLong("no-init"), help: "Do not run the start-up file init.ctry.")
  var noInit = false

  @Argument(
    parsing: .captureForPassthrough,
    help: ArgumentHelp("A command and its arguments, or a .ctry script and its arguments.", valueName: "command"),
    completion: .custom { words, index, prefix in ShellCompletion.candidates(words, index, prefix) })
  var words: [String] = []

}

/// Running ctry with its options parsed.
extension CommandLineOptions {
  /// Runs the chosen mode and returns the process's exit status.
  func execute() -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let engine: Engine
    let homeless: Bool
    do {
      if let dataDirectory { try DataDirectory.prepare(dataDirectory) }
      (engine, homeless) = try makeEngine(environment: environment)
    } catch let error as CtryError {
      StandardOutput.writeError("\(error)\n")
      return error.exitCode
    } catch {
      StandardOutput.writeError("\(error)\n")
      return 1
    }
    // exit() here, while the engine is still alive: releasing the catalog's ~100 000 objects one by
    // one costs more than the kernel takes to drop the whole heap.
    let status = run(engine, environment: environment, homeless: homeless)
    if homeless { try? FileManager.default.removeItem(atPath: engine.context.paths.dataDirectory) }
    Glibc.exit(status)
  }

  /// The mode after start-up: completion, -c commands, a script, one command, stdin or the shell.
  private func run(_ engine: Engine, environment: [String: String], homeless: Bool) -> Int32 {
    let context = engine.context
    if words.first == "__complete-shell" {
      // __complete-shell bash CURRENT -- LINE
      let arguments = Array(words.dropFirst())
      guard arguments.count == 4, arguments[0] == "bash", arguments[2] == "--" else {
        StandardOutput.writeError(
          "usage: ctry __complete-shell bash CURRENT -- LINE — completions/ctry.bash sends it\n")
        return 2
      }
      let candidates = ShellCompletion.bashCandidates(current: arguments[1], line: arguments[3])
      engine.output.write(candidates.map { $0 + "\n" }.joined())
      return 0
    }
    if words.first == "__docs" {
      // __docs man|readme: the command lists of ctry.1 and README.md (Scripts/make-docs).
      switch Array(words.dropFirst()) {
      case ["man"]: engine.output.write(CommandDocs.manPage())
      case ["readme"]: engine.output.write(CommandDocs.readme())
      default:
        StandardOutput.writeError("usage: ctry __docs man|readme — Scripts/make-docs runs it\n")
        return 2
      }
      return 0
    }
    if words.first == "__complete" {
      let plugins = context.plugins
      let favorites = context.favorites
      let completer = Completer(
        registry: context.registry, snapshot: context.store.snapshot, extraCommands: { plugins.names() },
        favorites: { Blocking.run { (try? await favorites.list()) ?? [] } })
      let candidates = completer.candidates(words: Array(words.dropFirst()))
      engine.output.write(candidates.map { $0 + "\n" }.joined())
      return 0
    }
    let script = words.first.flatMap { first in
      context.registry.command(named: first) == nil && Self.isScript(first) ? first : nil
    }
    // `ctry run FILE` (or `source`) is `ctry FILE` spelt with the command.
    let runsScript =
      script != nil || (words.count > 1 && words.first.flatMap(context.registry.command(named:)) is RunCommand)
    // A script starts from the default settings, as `psql -X -f` does: init.ctry is for the shell
    // and -c commands, so a script runs the same for every user, however it is started.
    if !noInit, !homeless, !runsScript { runStartupFile(engine) }
    if !commands.isEmpty {
      let commands = self.commands
      return Blocking.run {
        await ScriptRunner.run(lines: commands, origin: .commandLine, engine: engine, defaultOnError: .continue)
      }
    }
    if let script {
      let arguments = Array(words.dropFirst())
      return Blocking.run { await ScriptRunner.run(path: script, arguments: arguments, engine: engine) }
    }
    if !words.isEmpty {
      let words = self.words
      return Blocking.run { await engine.run(words: words).code }
    }
    if !Terminal.isTerminal(0) {
      return Blocking.run {
        await ScriptRunner.run(
          lines: StandardInputLines(), origin: .standardInput, engine: engine, defaultOnError: .continue)
      }
    }
    return interactive(engine, environment: environment)
  }

  /// `ctry trip.ctry` and `#!/usr/bin/env ctry`: a word naming an existing file, or ending in .ctry.
  static func isScript(_ word: String) -> Bool {
    word.hasSuffix(".ctry") || (word.contains("/") && FileManager.default.fileExists(atPath: word))
  }

  /// `init.ctry` runs before the first prompt and before -c commands; each failing line is reported
  /// with file:line and the lines after it still run (unless it says `set on-error stop`), as a
  /// shell's rc file does; nothing in it stops ctry from starting.
  private func runStartupFile(_ engine: Engine) {
    let path = engine.context.paths.initScript
    guard FileManager.default.fileExists(atPath: path) else { return }
    if let refusal = TrustedFile.refusal(path) {
      StandardOutput.writeError(refusal + "\n")
      return
    }
    _ = Blocking.run {
      await ScriptRunner.run(path: path, arguments: [], engine: engine, defaultOnError: .continue)
    }
  }

  /// The shell on a terminal: libedit line editing, history and completion.
  private func interactive(_ engine: Engine, environment: [String: String]) -> Int32 {
    let context = engine.context
    let entries = context.history.load()
    let pluginNames = context.plugins.names()
    let session = context.session
    let favorites = context.favorites
    let completer = Completer(
      registry: context.registry, snapshot: context.store.snapshot,
      extraCommands: { Array(session.settings.aliases.keys) + pluginNames },
      favorites: { Blocking.run { (try? await favorites.list()) ?? [] } })
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
      "ctry \(CtryCLI.version) · \(count) countries (\(context.store.source.shortDescription)) · "
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
      guard let metadata = context.store.cacheMetadata else { return }
      let age = Date().timeIntervalSince(metadata.fetchedAt)
      let ttl = Double(settings.cacheTTL.components.seconds)
      guard age > ttl else { return }
      _ = try? await context.refresher.refresh()
    }
  }

  /// The engine, and whether ctry runs without a home (its files then live in a private temporary
  /// directory that is removed at exit).
  private func makeEngine(environment: [String: String]) throws -> (Engine, homeless: Bool) {
    let resolved = AppPaths.resolve(environment: environment, override: dataDirectory)
    let paths = resolved ?? Self.privateTemporaryPaths()
    if resolved == nil {
      // Once per run, and not on every Tab of a shell's completion.
      if words.first != "__complete" {
        StandardOutput.writeError(
          "ctry: no home directory (HOME unset or relative, none in the password database): "
            + "running without init.ctry, cache, history or saved favorites\n")
      }
    } else {
      // Temporary files of writes that a kill -9 interrupted.
      for directory in Set([paths.dataDirectory, paths.cacheDirectory, paths.configDirectory]) {
        AtomicFile.removeStaleTemporaries(in: directory)
      }
    }
    let keyStore = APIKeyStore(directory: paths.configDirectory)
    var storedKey: String?
    if resolved != nil {
      if let refusal = keyStore.refusal {
        StandardOutput.writeError(refusal + "\n")
      } else {
        storedKey = keyStore.load()
      }
    }
    let apiConfiguration = try APIConfiguration.resolve(
      url: api, version: apiVersion, environment: environment, storedKey: storedKey)
    let cache = CountryCache(directory: paths.cacheDirectory)
    let (store, warning) = try CountryStore.load(cache: cache)
    if let warning { StandardOutput.writeError(warning + "\n") }
    for note in cache.takeNotes() { StandardOutput.writeError(note + "\n") }
    store.network.persist(at: paths.networkFile)
    let colorAllowed = !noColor && (environment["NO_COLOR"] ?? "").isEmpty && Terminal.isTerminal(1)
    let chosen = json ? .json : (format ?? .table)
    let session = Session(Settings(format: chosen, color: colorAllowed, offline: offline, api: apiConfiguration))
    let showsProgress = Terminal.isTerminal(2)
    let state = StateDatabase(paths: paths)
    let context = CommandContext(
      store: store,
      favorites: FavoritesStore(state: state),
      home: HomeService(store: HomeStore(state: state), inference: HomeInference(environment: environment)),
      registry: BuiltinCommands.registry(),
      interaction: TerminalInteraction(),
      paths: paths,
      cache: cache,
      history: HistoryStore(path: resolved == nil ? nil : paths.historyFile),
      session: session,
      transport: CurlTransport(userAgent: "ctry/\(CtryCLI.version)"),
      statusLine: { text in
        guard showsProgress else { return }
        StandardOutput.writeError("\r\u{1B}[K" + (text ?? ""))
      },
      plugins: PluginFinder(path: environment["PATH"]))
    let engine = Engine(context: context, terminalWidth: { Terminal.isTerminal(1) ? Terminal.width() ?? 80 : nil })
    return (engine, resolved == nil)
  }

  /// A fresh directory only this process uses (mkdtemp, mode 0700), for a run without a home.
  static func privateTemporaryPaths() -> AppPaths {
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    var template = Array("\(base)/ctry-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
    guard made != nil else { return AppPaths(single: "/nonexistent/ctry") }
    return AppPaths(single: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

}

/// Lines of standard input, read lazily.
struct StandardInputLines: Sequence, IteratorProtocol {
  mutating func next() -> String? { readLine(strippingNewline: true) }
}
