import CountryKit

/// Runs command lines: tokenize → look up → bind → run → render → print.
///
/// Errors are printed as one line on stderr and become the line's status; nothing here throws.
public final class Engine: Sendable {
  /// What running a line asks the caller to do next.
  public enum Outcome: Sendable, Equatable {
    case status(Int32)
    case exit(Int32)

    public var code: Int32 {
      switch self {
      case .status(let code), .exit(let code): return code
      }
    }
  }

  public let context: CommandContext
  public let output: any OutputSink
  private let terminalWidth: @Sendable () -> Int?

  public init(
    context: CommandContext, output: any OutputSink = StandardOutput(),
    terminalWidth: @escaping @Sendable () -> Int? = { nil }
  ) {
    self.context = context
    self.output = output
    self.terminalWidth = terminalWidth
  }

  public var settings: Settings {
    get { context.session.settings }
    set { context.session.settings = newValue }
  }

  /// Runs one line as typed in the shell or a script.
  public func run(line: String) async -> Outcome {
    do {
      return await run(words: try Tokenizer.tokenize(line))
    } catch {
      return report(error)
    }
  }

  /// Runs one already-split command line (`ctry details Egypt`).
  public func run(words: [String]) async -> Outcome {
    guard let name = words.first else { return .status(0) }
    guard let command = context.registry.command(named: name) else {
      return report(context.registry.unknownCommand(name))
    }
    do {
      let (arguments, overrides) = try ArgumentBinder.bind(Array(words.dropFirst()), to: command.spec)
      var renderer = renderer(overrides)
      if overrides.help {
        output.write(renderer.render(.text(HelpText.full(command.spec))))
        return .status(0)
      }
      let result = try await command.run(arguments, in: context)
      for note in result.notes { output.writeError(note + "\n") }
      if case .exit(let code) = result.output { return .exit(code) }
      renderer.width = renderer.format == .table ? terminalWidth() : nil
      output.write(renderer.render(result.output))
      return .status(result.status)
    } catch {
      return report(error)
    }
  }

  private func renderer(_ overrides: OutputOverrides) -> Renderer {
    let settings = self.settings
    return Renderer(
      format: overrides.format ?? settings.format, color: settings.color && !overrides.noColor, width: nil)
  }

  private func report(_ error: any Error) -> Outcome {
    let failure = Self.ctryError(error)
    output.writeError(failure.description + "\n")
    return .status(failure.exitCode)
  }

  static func ctryError(_ error: any Error) -> CtryError {
    if let error = error as? CtryError { return error }
    if error is CancellationError { return CtryError(.cancelled, "^C cancelled") }
    return CtryError(.io, "\(error)")
  }
}
