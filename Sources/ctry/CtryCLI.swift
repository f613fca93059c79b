import CountryKit
import CountryModel
import CountryNetwork
import CountryStorage
import CtryCommands
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem
import CtryTerminal
import FoundationEssentials
import Glibc

/// The program's name, version and `--help`, written from `ProgramFlags`.
enum CtryCLI {
  static let version = "0.1.0"

  static let summary = "A shell for exploring the world's countries."

  static let discussion = """
    Modes: 'ctry' on a terminal starts the shell; 'ctry -c CMD' runs commands and exits; \
    'ctry COMMAND ARGS…' runs one command; with stdin not a terminal, ctry runs one command per line. \
    Type 'ctry help' for the commands.
    """

  /// `ctry --help`.
  static func helpMessage() -> String {
    let options = ProgramFlags.specs.map { flag in
      (HelpText.spelling(flag) + (flag.value == nil ? "" : " " + flag.valueName), flag.summary)
    }
    var lines = [summary, "", "USAGE: ctry [OPTIONS] [COMMAND [ARGUMENT…] | FILE.ctry [ARGUMENT…]]"]
    lines += ["       ctry [OPTIONS] -c COMMAND [-c COMMAND…]", "", discussion, "", "OPTIONS:"]
    lines += HelpText.aligned(options + [("--", "end the options: the next word is the command")])
    return lines.joined(separator: "\n")
  }
}

/// Running ctry with its options parsed.
extension CommandLineOptions {
  /// Runs the chosen mode and returns the process's exit status.
  func execute() -> Int32 {
    let environment = ProcessEnvironment.current()
    let engine: Engine
    let homeless: Bool
    do {
      if let dataDirectory { try DataDirectory.prepare(dataDirectory) }
      (engine, homeless) = try makeEngine(environment: environment)
    } catch let error as CtryError {
      StandardOutput.writeError("\(error.worded)\n")
      return error.exitCode
    } catch {
      StandardOutput.writeError("\(error)\n")
      return 1
    }
    // The one wait on async code: every mode runs as async code from here, while the main thread
    // serves the terminal (`Blocking`). exit() below, while the engine is still alive: releasing the
    // catalog's ~100 000 objects one by one costs more than the kernel takes to drop the whole heap.
    let status = Blocking.run { await self.run(engine, environment: environment, homeless: homeless) }
    if homeless { try? FileManager.default.removeItem(atPath: engine.context.paths.dataDirectory) }
    Glibc.exit(status)
  }

  /// The mode after start-up: completion, -c commands, a script, one command, stdin or the shell.
  private func run(_ engine: Engine, environment: [String: String], homeless: Bool) async -> Int32 {
    let context = engine.context
    if words.first == "__docs" {
      // __docs man|man-options: the lists of ctry.1 (Scripts/make-docs).
      switch Array(words.dropFirst()) {
      case ["man"]: engine.output.write(CommandDocs.manPage())
      case ["man-options"]:
        switch CommandDocs.manOptions() {
        case .success(let text): engine.output.write(text)
        case .failure(let missing):
          StandardOutput.writeError("\(missing)\n")
          return 1
        }
      default:
        StandardOutput.writeError("usage: ctry __docs man|man-options — Scripts/make-docs runs it\n")
        return 2
      }
      return 0
    }
    if words.first == "__complete" {
      let plugins = context.plugins
      let completer = Completer(
        registry: context.registry, catalog: await context.catalog, extraCommands: { plugins.names() },
        favorites: (try? context.favorites.list()) ?? [], offersScripts: true,
        names: (try? LanguageChoice.names(flag: nil, settings: engine.settings)) ?? nil)
      do {
        let candidates = try ShellCompletion.answer(Array(words.dropFirst()), completer: completer)
        engine.output.write(candidates.map { $0 + "\n" }.joined())
        return 0
      } catch {
        StandardOutput.writeError("\(error)\n")
        return error.exitCode
      }
    }
    let script = words.first.flatMap { first in
      context.registry.command(named: first) == nil && Self.isScript(first) ? first : nil
    }
    // `ctry run FILE` (or `source`) is `ctry FILE` spelt with the command.
    let runsScript =
      script != nil || (words.count > 1 && words.first.flatMap(context.registry.command(named:)) is RunCommand)
    // A script starts from the default settings, as `psql -X -f` does: init.ctry is for the shell
    // and -c commands, so a script runs the same for every user, however it is started.
    if !noInit, !homeless, !runsScript { await runStartupFile(engine) }
    if !commands.isEmpty {
      var lines = commands.makeIterator()
      return await ScriptRunner.run(
        nextLine: { lines.next() }, origin: .commandLine, engine: engine, defaultOnError: .continue)
    }
    if let script {
      return await ScriptRunner.run(path: script, arguments: Array(words.dropFirst()), engine: engine)
    }
    if !words.isEmpty {
      return await engine.run(words: words).code
    }
    if let input = standardInputScript {
      return await ScriptRunner.run(
        nextLine: { input.next() }, origin: .standardInput, engine: engine,
        defaultOnError: .continue)
    }
    return await interactive(engine, environment: environment)
  }

  /// `ctry trip.ctry` and `#!/usr/bin/env ctry`: a word naming an existing file, or ending in .ctry.
  static func isScript(_ word: String) -> Bool {
    word.hasSuffix(".ctry") || (word.contains("/") && SystemCall.exists(word))
  }

  /// `init.ctry` runs before the first prompt and before -c commands; each failing line is reported
  /// with file:line and the lines after it still run (unless it says `set on-error stop`), as a
  /// shell's rc file does; nothing in it stops ctry from starting.
  private func runStartupFile(_ engine: Engine) async {
    let path = engine.context.paths.initScript
    guard SystemCall.exists(path) else { return }
    if let refusal = TrustedFile.refusal(path) {
      StandardOutput.writeError(refusal + "\n")
      return
    }
    _ = await ScriptRunner.run(path: path, arguments: [], engine: engine, defaultOnError: .continue)
  }

  /// The shell on a terminal: libedit line editing, history and completion.
  private func interactive(_ engine: Engine, environment: [String: String]) async -> Int32 {
    let context = engine.context
    let entries = context.history.load()
    // Plugin names (a scan of every PATH directory) are found after the prompt, not before it.
    let plugins = context.plugins
    let pluginNames = Lazy<[String]>()
    let session = context.session
    let snapshot = await context.store.snapshot
    // The shell hands the completer the data as it is before each prompt.
    let completer = Completer(
      registry: context.registry, catalog: snapshot.catalog,
      extraCommands: { Array(session.settings.aliases.keys) + pluginNames.value { plugins.names() } })
    let useLibedit = Terminal.isTerminal(1) && environment["TERM"] != "dumb"
    let limit = context.history.limit
    let libedit = await MainThread.perform { () -> (any LineEditor)? in
      useLibedit ? EditLineEditor(programName: "ctry", history: entries, historySize: limit) : nil
    }
    if useLibedit, libedit == nil, let reason = EditLineEditor.unavailable() {
      StandardOutput.writeError("ctry: warning: \(reason); line editing is off\n")
    }
    let shell = InteractiveShell(
      engine: engine, editor: libedit ?? PlainLineEditor(), history: context.history, completer: completer)
    Self.refreshInBackgroundIfStale(context)
    // Start-up decoded only what it needed; the rest loads while the person reads the prompt, once
    // the prompt is drawn, so that it does not race the banner and the prompt for the CPU (and for
    // the page faults of its memory).
    Task.detached(priority: .utility) {
      try? await Task.sleep(for: .milliseconds(30))
      snapshot.catalog.preload()
      completer.prepare()
      _ = pluginNames.value { plugins.names() }
    }
    let banner =
      "ctry \(CtryCLI.version) · \(snapshot.catalog.count) countries (\(snapshot.source.shortDescription)) · "
      + "help · Tab completes · Ctrl-D quits"
    return await shell.run(banner: Style(enabled: engine.settings.color).dim(banner))
  }

  /// A cache older than its TTL is refreshed after the prompt appears, without blocking typing;
  /// a failure only shows as `(offline)` in the next prompt. Bundled data is never refreshed
  /// unasked: a new user has chosen no server yet.
  static func refreshInBackgroundIfStale(_ context: CommandContext) {
    let settings = context.session.settings
    guard !settings.offline else { return }
    Task.detached(priority: .background) {
      guard let metadata = await context.store.snapshot.metadata else { return }
      let age = Date().timeIntervalSince(metadata.fetchedAt)
      let ttl = Double(settings.cacheTTL.components.seconds)
      guard age > ttl else { return }
      _ = try? await context.store.refresh(with: context.refresher)
    }
  }

  /// stdin when it is the script (no command, -c or script named, and stdin not a terminal): the
  /// runner reads its commands from it, and a question (`quiz`) its answers.
  var standardInputScript: StandardInputScript? {
    words.isEmpty && commands.isEmpty && !Terminal.isTerminal(0) ? Self.pipedScript : nil
  }

  private static let pipedScript = StandardInputScript()

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
      // Temporary files of writes that a kill -9 interrupted, in every directory ctry writes.
      for directory in Set([paths.dataDirectory, paths.stateDirectory, paths.cacheDirectory, paths.configDirectory]) {
        AtomicFile.removeStaleTemporaries(in: directory)
      }
    }
    let keyStore = APIKeyStore(directory: paths.configDirectory)
    var savedKey: String?
    if resolved != nil {
      let saved = keyStore.load()
      if let refusal = saved.refusal { StandardOutput.writeError(refusal + "\n") }
      savedKey = saved.key
    }
    let apiConfiguration = try APIConfiguration.resolve(
      url: api, version: apiVersion, environment: environment, savedKey: savedKey)
    let cache = CountryCache(
      directory: paths.cacheDirectory, bundledPath: BundledDataset.locate(environment: environment))
    let (store, warnings) = try CountryStore.load(cache: cache, networkFile: paths.networkFile)
    for warning in warnings { StandardOutput.writeError(warning + "\n") }
    let colorAllowed = !output.noColor && (environment["NO_COLOR"] ?? "").isEmpty && Terminal.isTerminal(1)
    var settings = Settings(
      format: output.format ?? .table, color: colorAllowed, offline: offline, api: apiConfiguration)
    settings.colorDepth = ColorDepth(environment: environment)
    settings.language = output.language
    settings.localeLanguage = LanguageChoice.locale(environment)
    let session = Session(settings)
    let showsProgress = Terminal.isTerminal(2)
    let state = StateDatabase(paths: paths)
    let context = CommandContext(
      store: store,
      favorites: FavoritesStore(state: state),
      home: HomeService(store: HomeStore(state: state), inference: HomeInference(environment: environment)),
      registry: BuiltinCommands.registry(),
      interaction: TerminalInteraction(script: standardInputScript),
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
    let base = ProcessEnvironment.current()["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    var template = Array("\(base)/ctry-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
    guard made != nil else { return AppPaths(single: "/nonexistent/ctry") }
    return AppPaths(single: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

}
