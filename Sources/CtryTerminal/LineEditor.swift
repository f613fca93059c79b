import CtryOutput
import CtryShell
import CtrySystem
import Synchronization

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
  private let input = Mutex(LineReader(descriptor: 0))

  package init(output: any OutputSink = StandardOutput()) {
    self.output = output
  }

  /// A line typed at a cooked terminal (or piped in). Ctrl-C interrupts the wait, as it does in the
  /// line editor: the terminal has dropped what was typed and echoed `^C`, and the shell prompts
  /// again; SIGTERM and SIGHUP end the shell. After Ctrl-Z and `fg` the prompt is written again at
  /// once (the terminal dropped the unfinished line when it stopped the shell).
  package func read(prompt: String, completer: Completer) -> LineInput {
    // A `fg` while a command ran needs no second prompt: this one is written afresh.
    _ = SignalFlag.takeContinued()
    if !prompt.isEmpty { output.write(prompt) }
    SignalFlag.stopInterruptsReads(true)
    defer { SignalFlag.stopInterruptsReads(false) }
    while true {
      // A signal that came before the read blocked (as the prompt was written) would not interrupt
      // it: it is looked at first, as the line editor looks before each key.
      if let signal = SignalFlag.terminationSignal {
        output.write("\n")
        return .terminated(signal)
      }
      if SignalFlag.take() {
        output.write("\n")
        return .interrupted
      }
      switch input.withLock({ $0.read(interruptible: true) }) {
      case .line(let line): return .line(line)
      case .end: return .endOfInput
      case .interrupted:
        if SignalFlag.takeContinued(), !prompt.isEmpty { output.write(prompt) }
      }
    }
  }

  package func remember(_ line: String) {}
}
