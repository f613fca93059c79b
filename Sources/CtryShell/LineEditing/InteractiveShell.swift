import CountryKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The read–run loop of the interactive shell.
///
/// Lines are read on the calling (main) thread, where SIGINT is delivered, so Ctrl-C interrupts
/// libedit's blocked read and clears the line; each accepted line is recorded
/// in history before it runs, and each command runs in its own Task, which Ctrl-C cancels: the shell
/// itself never dies from Ctrl-C.
package final class InteractiveShell: Sendable {
  private let engine: Engine
  private let editor: any LineEditor
  private let history: HistoryStore
  private let prompt: @Sendable () -> String

  package init(engine: Engine, editor: any LineEditor, history: HistoryStore, prompt: @escaping @Sendable () -> String)
  {
    self.engine = engine
    self.editor = editor
    self.history = history
    self.prompt = prompt
  }

  /// Runs until `exit` or Ctrl-D and returns the exit status. Call it from the main thread.
  package func run(banner: String?) -> Int32 {
    SignalFlag.install()
    if let banner { engine.output.write(banner + "\n") }
    while true {
      _ = SignalFlag.take()
      let input = editor.read(prompt: prompt())
      switch input {
      case .endOfInput:
        return 0
      case .terminated(let signal):
        // History is already saved line by line; the editor has put the terminal back.
        return 128 + signal
      case .interrupted:
        continue
      case .line(let first):
        guard let line = readContinuation(first) else {
          if let signal = SignalFlag.terminationSignal { return 128 + signal }
          continue
        }
        if history.record(line) { editor.remember(line) }
        if case .exit(let code) = Blocking.run({ await self.runCancellable(line) }) { return code }
        if let signal = SignalFlag.terminationSignal { return 128 + signal }
      }
    }
  }

  /// The whole command for a line left open (a quote, a trailing `\`): more lines are read at the
  /// `…>` prompt and joined, as sh and psql do. nil when Ctrl-C or Ctrl-D abandons it.
  private func readContinuation(_ first: String) -> String? {
    var line = first
    while let open = Tokenizer.continuation(of: line) {
      guard case .line(let next) = editor.read(prompt: Prompt.continuation) else { return nil }
      // Joined by a space, even inside quotes: names hold no line breaks, and history keeps one
      // command per line.
      line = (open == .backslash ? String(line.dropLast()) : line + " ") + next
    }
    return line
  }

  /// Runs a line in a Task that SIGINT cancels.
  private func runCancellable(_ line: String) async -> Engine.Outcome {
    let engine = self.engine
    _ = SignalFlag.take()
    let task = Task { await engine.run(line: line) }
    let watcher = Task {
      while !Task.isCancelled {
        if SignalFlag.take() || SignalFlag.terminationSignal != nil {
          // The terminal has echoed "^C"; start the line again so it reads "^C cancelled".
          engine.output.writeError("\r")
          task.cancel()
          return
        }
        try? await Task.sleep(for: .milliseconds(20))
      }
    }
    let outcome = await task.value
    watcher.cancel()
    return outcome
  }
}
