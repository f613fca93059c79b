import CountryKit
import CountryModel
import CtryGrammar
import CtryOutput
import CtrySystem
import Glibc

/// Runs command lines: tokenize → look up → bind → run → render → print.
///
/// Errors are printed as one line on stderr and become the line's status; nothing here throws.
package final class Engine: Sendable {
  /// What running a line asks the caller to do next.
  package enum Outcome: Sendable, Equatable {
    case status(Int32)
    case exit(Int32)

    package var code: Int32 {
      switch self {
      case .status(let code), .exit(let code): return code
      }
    }
  }

  package let context: CommandContext
  package let output: any OutputSink
  private let terminalWidth: @Sendable () -> Int?

  package init(
    context: CommandContext, output: any OutputSink = StandardOutput(),
    terminalWidth: @escaping @Sendable () -> Int? = { nil }
  ) {
    self.context = context
    self.output = output
    self.terminalWidth = terminalWidth
    context.scripts.attach(self)
  }

  package var settings: Settings {
    get { context.session.settings }
    set { context.session.update { $0 = newValue } }
  }

  /// Runs one line as typed in the shell or a script: `$1`, `${NAME}` expanded, then split.
  package func run(line: String) async -> Outcome {
    do {
      try InputLimits.check(line: line)
      let expanded = try Expansion.expand(
        line, arguments: ScriptStack.current?.arguments ?? [], variables: settings.variables)
      return await run(words: try Tokenizer.tokenize(expanded))
    } catch {
      return .status(report(error))
    }
  }

  /// Runs one already-split command line (`ctry details Egypt`): a built-in, an alias, or an
  /// external `ctry-NAME` command.
  package func run(words original: [String]) async -> Outcome {
    guard !original.isEmpty else { return .status(0) }
    let words: [String]
    do {
      try InputLimits.check(words: original)
      words = try expandAliases(original)
    } catch {
      return .status(report(error))
    }
    guard let name = words.first else { return .status(0) }
    guard let command = context.registry.command(named: name) else {
      return .status(await runExternal(name, Array(words.dropFirst())))
    }
    do {
      let (arguments, overrides) = try ArgumentBinder.bind(Array(words.dropFirst()), to: command.spec)
      var renderer = renderer(overrides)
      if overrides.help {
        output.write(renderer.render(.text(HelpText.full(command.spec))))
        return .status(0)
      }
      var context = self.context
      context.names = try LanguageChoice.names(flag: overrides.language, settings: settings)
      let result = try await command.run(arguments, in: context)
      for note in result.notes {
        output.writeError(ScriptStack.location + VisibleEscapes.escaped(note, allowing: [.tab]) + "\n")
      }
      if case .exit(let code) = result.output { return .exit(code) }
      // Home, erase the screen, erase the scrollback; only on a terminal (the width says so).
      if result.clearsScreen, terminalWidth() != nil { output.write("\u{1B}[H\u{1B}[2J\u{1B}[3J") }
      // Tables fit the terminal; so does a picture (`map`) in any format, which draws at that width.
      var isPicture = false
      if case .picture = result.output { isPicture = true }
      renderer.width = renderer.format == .table || isPicture ? terminalWidth() : nil
      if let notice = renderer.notice(for: result.output) {
        output.writeError(
          ScriptStack.location + VisibleEscapes.escaped(notice, allowing: [.tab]) + "\n")
      }
      output.write(renderer.render(result.output))
      return .status(result.status)
    } catch {
      return .status(report(error))
    }
  }

  /// Replaces a leading alias by its words, repeatedly; a loop is an error.
  func expandAliases(_ words: [String]) throws(CtryError) -> [String] {
    var words = words
    var chain: [String] = []
    let aliases = settings.aliases
    while let name = words.first, context.registry.command(named: name) == nil, let expansion = aliases[name] {
      if chain.contains(name) || chain.count >= 16 {
        throw CtryError.usage(
          "alias loop: \((chain + [name]).joined(separator: " → "))", hint: "remove one with 'unalias NAME'")
      }
      chain.append(name)
      words = expansion + words.dropFirst()
    }
    return words
  }

  /// `ctry-NAME` on PATH, or the unknown-command error. The plugin's output and status are its own:
  /// ctry adds no line when it fails (it has said why, or chosen to say nothing), nor when Ctrl-C
  /// ended it (`PluginJob` has ended the `^C` line; what the plugin says follows on its own).
  private func runExternal(_ name: String, _ arguments: [String]) async -> Int32 {
    guard let plugin = context.plugins.locate(name) else {
      let others = Array(settings.aliases.keys) + context.plugins.names()
      return report(context.registry.unknownCommand(name, alsoKnown: others))
    }
    guard plugin.executable else {
      return report(CtryError.refused("\(plugin.path) is not executable", hint: "chmod +x \(plugin.path)"))
    }
    do {
      return try await PluginRunner.run(plugin.path, arguments: arguments, context: context, format: settings.format)
    } catch is PluginRunner.Interrupted {
      return CtryError(.cancelled, "").exitCode
    } catch {
      return report(error)
    }
  }

  private func renderer(_ overrides: OutputOverrides) -> Renderer {
    let settings = self.settings
    return Renderer(
      format: overrides.format ?? settings.format, color: settings.color && !overrides.noColor,
      depth: settings.colorDepth, width: nil)
  }

  /// Prints an error as one line on stderr (prefixed with the script location) and returns its status.
  @discardableResult
  package func report(_ error: any Error) -> Int32 {
    let failure = Self.ctryError(error)
    output.writeError(
      ScriptStack.location + VisibleEscapes.escaped(failure.description, allowing: [.newline, .tab])
        + "\n")
    return failure.exitCode
  }

  static func ctryError(_ error: any Error) -> CtryError {
    if let error = error as? CtryError { return error.worded }
    if error is CancellationError { return CtryError(.cancelled, "^C cancelled") }
    return CtryError(.io, "\(error)")
  }
}
