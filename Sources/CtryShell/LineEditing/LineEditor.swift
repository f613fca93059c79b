/// What reading a line produced.
package enum LineInput: Sendable, Equatable {
  case line(String)
  /// Ctrl-C at the prompt: the line was abandoned.
  case interrupted
  /// Ctrl-D on an empty line, or the end of input (also a terminal that is gone: EIO).
  case endOfInput
  /// SIGTERM or SIGHUP: leave with 128 + this signal's number.
  case terminated(Int32)
}

/// Reads command lines: libedit on a terminal, plain reads elsewhere. `read` blocks: the shell calls
/// it on the main thread (`MainThread.perform`), never on the cooperative pool.
package protocol LineEditor: AnyObject, Sendable {
  /// Reads a line; Tab completes with `completer`, which holds the data read before this prompt.
  func read(prompt: String, completer: Completer) -> LineInput
  /// Adds an accepted line to the editor's own history (Up, Ctrl-R).
  func remember(_ line: String)
}

/// Reads lines from stdin without editing (pipes, dumb terminals).
package final class PlainLineEditor: LineEditor {
  private let output: any OutputSink

  package init(output: any OutputSink = StandardOutput()) {
    self.output = output
  }

  package func read(prompt: String, completer: Completer) -> LineInput {
    if !prompt.isEmpty { output.write(prompt) }
    guard let line = Swift.readLine(strippingNewline: true) else { return .endOfInput }
    return .line(line)
  }

  package func remember(_ line: String) {}
}
