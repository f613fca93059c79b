import CountryKit
import CountryStorage
import CtryGrammar
import CtryOutput
import CtryShell
import FoundationEssentials

/// The read–run loop of the interactive shell: async code, under the one `Blocking.run` of the
/// interactive mode.
///
/// Before each prompt the loop takes the store's snapshot and the favorites and hands them to the
/// completer, so Tab never waits on async code. Lines are read on the main thread
/// (`MainThread.perform`), where SIGINT is delivered, so Ctrl-C interrupts libedit's blocked read and
/// clears the line; each accepted line is recorded in history before it runs, and each command runs
/// in its own Task, which Ctrl-C cancels: the main thread, idle while the command runs, waits for
/// SIGINT on a self-pipe (`SignalFlag.waitForInterrupt`). The shell itself never dies from Ctrl-C.
package final class InteractiveShell: Sendable {
  private let engine: Engine
  private let editor: any LineEditor
  private let history: HistoryStore
  private let completer: Completer
  /// Woken when a command ends, so the main thread stops waiting for its Ctrl-C.
  private let commandDone: WakePipe?

  package init(engine: Engine, editor: any LineEditor, history: HistoryStore, completer: Completer) {
    self.engine = engine
    self.editor = editor
    self.history = history
    self.completer = completer
    self.commandDone = WakePipe()
  }

  /// Runs until `exit` or Ctrl-D and returns the exit status. Only inside `Blocking.run`.
  package func run(banner: String?) async -> Int32 {
    await MainThread.perform { SignalFlag.install() }
    if let banner { engine.output.write(banner + "\n") }
    while true {
      _ = SignalFlag.take()
      let (prompt, completer) = await promptAndCompleter()
      switch await read(prompt: prompt, completer: completer) {
      case .endOfInput:
        return 0
      case .terminated(let signal):
        // History is already saved line by line; the editor has put the terminal back.
        return 128 + signal
      case .interrupted:
        continue
      case .line(let first):
        guard let line = await readContinuation(first, completer: completer) else {
          if let signal = SignalFlag.terminationSignal { return 128 + signal }
          continue
        }
        if !engine.holdsSecret(line), history.record(line) { editor.remember(line) }
        if case .exit(let code) = await runCancellable(line) { return code }
        if let signal = SignalFlag.terminationSignal { return 128 + signal }
      }
    }
  }

  /// The prompt (`(offline)` after a network failure) and the completer over the data as it is now.
  private func promptAndCompleter() async -> (String, Completer) {
    let context = engine.context
    let snapshot = await context.store.snapshot
    // A favorites file that cannot be read completes no favorite; `favorites` says why.
    let favorites = (try? context.favorites.list()) ?? []
    let settings = engine.settings
    let prompt = Prompt.text(color: settings.color, offline: settings.offline || snapshot.network.offline)
    // A language whose names cannot be read completes English names; the command says why.
    let names = try? LanguageChoice.names(flag: nil, settings: settings)
    return (prompt, completer.reading(snapshot.catalog, favorites: favorites, names: names ?? nil))
  }

  private func read(prompt: String, completer: Completer) async -> LineInput {
    let editor = self.editor
    return await MainThread.perform { editor.read(prompt: prompt, completer: completer) }
  }

  /// The whole command for a line left open (a quote, a trailing `\`): more lines are read at the
  /// `…>` prompt and joined, as sh and psql do. nil when Ctrl-C or Ctrl-D abandons it.
  private func readContinuation(_ first: String, completer: Completer) async -> String? {
    var line = first
    while let open = Tokenizer.continuation(of: line) {
      guard case .line(let next) = await read(prompt: Prompt.continuation, completer: completer) else { return nil }
      // Joined by a space, even inside quotes: names hold no line breaks, and history keeps one
      // command per line.
      line = (open == .backslash ? String(line.dropLast()) : line + " ") + next
    }
    return line
  }

  /// Runs a line in a Task that SIGINT cancels.
  private func runCancellable(_ line: String) async -> Engine.Outcome {
    let engine = self.engine
    SignalFlag.clearInterrupt()
    let task = Task { await engine.run(line: line) }
    guard let done = commandDone else { return await task.value }
    let watcher = Task {
      guard await MainThread.perform({ SignalFlag.waitForInterrupt(orWake: done) }) else { return }
      // The terminal has echoed "^C"; start the line again so it reads "^C cancelled".
      engine.output.writeError("\r")
      task.cancel()
    }
    let outcome = await task.value
    done.wake()
    // The main thread is the terminal's again before the next prompt.
    await watcher.value
    done.drain()
    return outcome
  }
}
