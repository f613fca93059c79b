import CtryShell
import Glibc
import Synchronization

/// The interactive shell's signals, caught by ctry itself rather than by libedit.
///
/// libedit's own handling (`EL_SIGNAL`) re-sends every signal it catches with `kill(0, …)`, to the
/// whole process group: a SIGTERM for ctry alone would also kill the script or tmux pane around it.
/// So the handlers here only set flags, which the shell reads when it wakes:
/// - SIGINT (Ctrl-C) interrupts the read (no SA_RESTART), so the prompt starts over; while a command
///   runs, the handler's byte in a self-pipe wakes the shell's `waitForInterrupt`, which cancels it;
/// - SIGTERM and SIGHUP interrupt and wake it too, and the shell leaves with 128 + the signal's number;
/// - SIGQUIT (Ctrl-\) is ignored while the shell runs, as sh and psql do;
/// - SIGWINCH is noted, and the editor re-reads the size before the next prompt;
/// - SIGTSTP (Ctrl-Z) gives the terminal back in the mode it had before the shell, stops, and on
///   `fg` puts the editor's mode back; while the line editor reads, the read it interrupted (no
///   SA_RESTART then) redraws the prompt and the line at once (`EditLineEditor.readCharacter`).
///
/// A signal that lands on a worker thread is forwarded to the main thread, where the line editor
/// reads, so its blocked `read` returns EINTR. While a plugin runs, `PluginJob` has these signals
/// (but SIGWINCH) and passes them on to it.
package enum SignalFlag {
  private static let interrupted = Atomic<Bool>(false)
  private static let termination = Atomic<Int32>(0)
  private static let resized = Atomic<Bool>(false)
  private static let continued = Atomic<Bool>(false)
  private static let stopInterruptsReads = Atomic<Bool>(false)
  private static let mainThread = Atomic<UInt>(0)
  /// The self-pipe SIGINT, SIGTERM and SIGHUP write to; made once, before any handler can run.
  private static let pipe = WakePipe()
  /// Its write end, for the handlers (-1 when there is none): they may not touch `pipe` itself,
  /// whose first use runs an initialiser.
  private static let pipeWriteEnd = Atomic<Int32>(-1)
  /// The terminal's mode before the shell started, for Ctrl-Z; written once in `install`.
  nonisolated(unsafe) private static var cookedMode = termios()
  nonisolated(unsafe) private static var hasCookedMode = false

  /// Installs the handlers. Call from the main thread, before the first read.
  package static func install() {
    mainThread.store(UInt(pthread_self()), ordering: .relaxed)
    hasCookedMode = tcgetattr(0, &cookedMode) == 0
    pipeWriteEnd.store(pipe?.writeEnd ?? -1, ordering: .relaxed)
    handle(SIGINT, restart: false) { _ in
      SignalFlag.interrupted.store(true, ordering: .relaxed)
      SignalFlag.wakeWaiter()
    }
    handle(SIGTERM, restart: false) {
      SignalFlag.termination.store($0, ordering: .relaxed)
      SignalFlag.wakeWaiter()
    }
    handle(SIGHUP, restart: false) {
      SignalFlag.termination.store($0, ordering: .relaxed)
      SignalFlag.wakeWaiter()
    }
    handle(SIGWINCH, restart: true) { _ in SignalFlag.resized.store(true, ordering: .relaxed) }
    handleStop()
    signal(SIGQUIT, SIG_IGN)
  }

  private static func handle(_ number: Int32, restart: Bool, _ body: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = body
    sigemptyset(&action.sa_mask)
    action.sa_flags = restart ? SA_RESTART : 0
    sigaction(number, &action, nil)
  }

  /// Whether Ctrl-Z and `fg` interrupt the main thread's read: only while the line editor reads,
  /// which then redraws its line; any other read (a plain prompt's) goes on as before.
  package static func stopInterruptsReads(_ on: Bool) {
    stopInterruptsReads.store(on, ordering: .relaxed)
    handleStop()
  }

  private static func handleStop() {
    handle(SIGTSTP, restart: !stopInterruptsReads.load(ordering: .relaxed)) { _ in SignalFlag.suspend() }
  }

  /// Forwards a signal that arrived on a worker thread to the main thread; true if it did.
  private static func forwarded(_ number: Int32) -> Bool {
    let main = mainThread.load(ordering: .relaxed)
    guard main != 0, UInt(pthread_self()) != main else { return false }
    pthread_kill(pthread_t(main), number)
    return true
  }

  /// Ctrl-Z: restore the terminal, stop, and on SIGCONT restore the editor's mode. Only
  /// async-signal-safe calls.
  private static func suspend() {
    if forwarded(SIGTSTP) { return }
    var editing = termios()
    let hadEditing = tcgetattr(0, &editing) == 0
    if hasCookedMode { tcsetattr(0, TCSADRAIN, &cookedMode) }
    signal(SIGTSTP, SIG_DFL)
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGTSTP)
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
    raise(SIGTSTP)
    // Continued.
    handleStop()
    if hadEditing { tcsetattr(0, TCSADRAIN, &editing) }
    resized.store(true, ordering: .relaxed)
    continued.store(true, ordering: .relaxed)
  }

  /// In a handler: one byte in the self-pipe (write is async-signal-safe; errno is kept for the
  /// code the signal interrupted).
  private static func wakeWaiter() {
    let end = pipeWriteEnd.load(ordering: .relaxed)
    guard end >= 0 else { return }
    let saved = errno
    var byte: UInt8 = 1
    _ = write(end, &byte, 1)
    errno = saved
  }

  /// Blocks until SIGINT, SIGTERM or SIGHUP arrives (true) or `done` is woken (false). Clears the
  /// SIGINT flag it reports. Call it on a thread of its own (the shell's main thread, idle while a
  /// command runs), never the cooperative pool.
  package static func waitForInterrupt(orWake done: WakePipe) -> Bool {
    guard let pipe else { return false }
    while done.wait(forReadable: pipe.readEnd) {
      pipe.drain()
      if take() || terminationSignal != nil { return true }
      // A byte left by a signal the shell has already dealt with: wait on.
    }
    return false
  }

  /// Forgets a Ctrl-C that came before now: the flag and the self-pipe's bytes.
  package static func clearInterrupt() {
    _ = take()
    pipe?.drain()
  }

  /// Whether SIGINT arrived since the last call; clears the flag.
  package static func take() -> Bool {
    interrupted.exchange(false, ordering: .relaxed)
  }

  /// SIGTERM or SIGHUP, once one has arrived: the shell should leave with 128 + this number.
  package static var terminationSignal: Int32? {
    let number = termination.load(ordering: .relaxed)
    return number == 0 ? nil : number
  }

  /// Whether the shell was stopped (Ctrl-Z) and continued since the last call; clears the flag.
  package static func takeContinued() -> Bool {
    continued.exchange(false, ordering: .relaxed)
  }

  /// Whether the terminal changed size since the last call; clears the flag.
  package static func takeResize() -> Bool {
    resized.exchange(false, ordering: .relaxed)
  }
}
