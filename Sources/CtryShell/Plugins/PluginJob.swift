import CtrySystem
import Dispatch
import Glibc
import Synchronization

/// A plugin run the way a shell runs a job in the foreground. The plugin leads a process group of its
/// own, so whatever it starts ends with it (the group is killed once the plugin has exited); ctry
/// keeps the terminal, so the signals its keys send reach ctry, which passes them on to the group:
///
/// - Ctrl-C (SIGINT): SIGINT at once; SIGTERM if the plugin still runs 1 s later, SIGKILL 2 s after
///   that. A plugin that ignores SIGINT still ends at the first press.
/// - SIGTERM or SIGHUP to ctry: passed on; SIGKILL 2 s later.
/// - Ctrl-\ (SIGQUIT): passed on.
/// - Ctrl-Z (SIGTSTP): passed on; ctry stops too, and continues the group when it is continued.
///
/// A plugin that reads from the terminal or changes its mode is stopped by the kernel (SIGTTIN,
/// SIGTTOU), as any background job is; ctry then gives it the terminal (`tcsetpgrp`), as a shell
/// gives it to the job it runs in the foreground, and continues it. From then on the terminal's keys
/// go to the plugin itself, as they would under a shell: Ctrl-Z stops it, and ctry takes the terminal
/// back and stops too (`fg` continues both). When the plugin has ended, ctry takes the terminal back
/// in the mode it had, restores its own signal handling, and then acts on a SIGINT, SIGTERM or
/// SIGHUP it got as it would have without a plugin: the shell cancels the command, or leaves with
/// 128 + the signal; `ctry NAME` ends by that signal.
///
/// On a terminal, Ctrl-C ends the line the terminal echoed `^C` on before the plugin hears of it, so
/// whatever the plugin then says starts a line of its own, and so does the next prompt.
///
/// One job at a time (ctry runs one command at a time): the handlers reach it through statics. A
/// job started while another runs leaves the signals to that one.
final class PluginJob: Sendable {
  /// Whether a job has the signals.
  private static let active = Atomic<Bool>(false)
  /// The running plugin's process group; 0 before it has started and after it has ended.
  private static let group = Atomic<Int32>(0)
  /// The first SIGINT, SIGTERM or SIGHUP ctry got while the plugin ran, 0 for none.
  private static let received = Atomic<Int32>(0)
  /// Whether the handler passed that signal on (it could not before the group existed).
  private static let passedOn = Atomic<Bool>(false)
  /// Whether stderr is a terminal, where Ctrl-C's `^C` is echoed: the handler then ends that line.
  private static let endsInterruptedLine = Atomic<Bool>(false)
  /// The write end of the job's wake-up pipe (-1 for none): the handler writes a byte there when it
  /// records the first signal, which wakes the escalation (a self-pipe: a handler may only `write`).
  private static let wake = Atomic<Int32>(-1)

  /// The signals the terminal's keys and a termination send, which ctry passes on.
  static let passed: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP]

  private struct State {
    var previous: [Int32: sigaction] = [:]
    var process: ChildProcess?
    /// The wake-up pipe's read end, watched once the plugin runs; then the escalation's timers.
    var wakeUp: (read: Int32, write: Int32)?
    var watch: (any DispatchSourceRead)?
    var escalation: [DispatchWorkItem] = []
    /// The controlling terminal while the plugin holds it, and ctry's mode of it to restore.
    var terminal: Int32 = -1
    var mode = termios()
    /// The plugin was given the terminal at some time: its keys' signals went to it, not to ctry.
    var heldTerminal = false
    var ended = false
  }
  private let state = Mutex(State())
  /// Whether this job has the signals (no other job had them).
  private let owner: Bool

  /// Takes over the signals that are passed on; the plugin is spawned next, then `started`.
  init() {
    owner = Self.active.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    guard owner else { return }
    Self.group.store(0, ordering: .relaxed)
    Self.received.store(0, ordering: .relaxed)
    Self.passedOn.store(false, ordering: .relaxed)
    Self.endsInterruptedLine.store(isatty(2) == 1, ordering: .relaxed)
    // Before the handlers: a signal that comes before the plugin runs is not missed, its byte waits.
    let wakeUp = try? SystemCall.pipe()
    if let wakeUp {
      // A full pipe must not block the handler (it writes one byte per job, but never waits).
      _ = fcntl(wakeUp.write, F_SETFL, fcntl(wakeUp.write, F_GETFL) | O_NONBLOCK)
      Self.wake.store(wakeUp.write, ordering: .releasing)
    }
    var previous: [Int32: sigaction] = [:]
    for number in Self.passed {
      var old = sigaction()
      var action = sigaction()
      if number == SIGTSTP {
        action.__sigaction_handler.sa_handler = { _ in PluginJob.suspend() }
      } else {
        action.__sigaction_handler.sa_handler = { PluginJob.pass($0) }
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      guard sigaction(number, nil, &old) == 0 else { continue }
      // A termination ctry was started ignoring (`nohup`) stays ignored.
      if number != SIGQUIT, number != SIGTSTP, Self.isIgnored(old) { continue }
      sigaction(number, &action, nil)
      previous[number] = old
    }
    state.withLock {
      $0.previous = previous
      $0.wakeUp = wakeUp
    }
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    guard let handler = action.__sigaction_handler.sa_handler else { return false }
    return unsafeBitCast(handler, to: UnsafeRawPointer.self) == unsafeBitCast(SIG_IGN, to: UnsafeRawPointer.self)
  }

  /// The plugin runs, leading the group `process.pid`: signals from now on are passed on at once, and
  /// one that came before is passed on now (its byte is in the wake-up pipe already).
  func started(_ process: ChildProcess) {
    guard owner else { return }
    Self.group.store(process.pid, ordering: .relaxed)
    state.withLock { state in
      state.process = process
      guard let wakeUp = state.wakeUp else { return }
      let watch = DispatchSource.makeReadSource(fileDescriptor: wakeUp.read, queue: .global())
      watch.setEventHandler { [weak self] in self?.escalate(process) }
      watch.setCancelHandler {
        close(wakeUp.read)
        close(wakeUp.write)
      }
      state.watch = watch
      watch.activate()
    }
  }

  /// Passes a signal on (a signal handler: only async-signal-safe calls).
  private static func pass(_ number: Int32) {
    let saved = errno
    defer { errno = saved }
    let group = self.group.load(ordering: .relaxed)
    if number == SIGINT, received.load(ordering: .relaxed) == 0 { endInterruptedLine() }
    if group > 0 { kill(-group, number) }
    guard number != SIGQUIT else { return }
    if received.compareExchange(expected: 0, desired: number, ordering: .relaxed).exchanged {
      passedOn.store(group > 0, ordering: .relaxed)
      let wake = self.wake.load(ordering: .acquiring)
      var byte = UInt8(number)
      if wake >= 0 { withUnsafeBytes(of: &byte) { try? SystemCall.writeAll(wake, $0) } }
    }
  }

  /// Ends the line the terminal echoed `^C` on, when stderr is a terminal (async-signal-safe).
  private static func endInterruptedLine() {
    guard endsInterruptedLine.load(ordering: .relaxed) else { return }
    var newline = UInt8(ascii: "\n")
    withUnsafeBytes(of: &newline) { try? SystemCall.writeAll(2, $0) }
  }

  /// Ctrl-Z while ctry holds the terminal: stops the group, then ctry; on `fg`, continues the group
  /// (a signal handler: only async-signal-safe calls).
  private static func suspend() {
    let saved = errno
    defer { errno = saved }
    let group = self.group.load(ordering: .relaxed)
    if group > 0 { kill(-group, SIGTSTP) }
    stop(by: SIGTSTP)
    if group > 0 { kill(-group, SIGCONT) }
  }

  /// After a SIGINT, SIGTERM or SIGHUP (the handler's byte woke the watch): what the handler could
  /// not pass on yet, then the escalation to SIGTERM and SIGKILL on timers, which `end` cancels.
  private func escalate(_ process: ChildProcess) {
    let first = Self.received.load(ordering: .relaxed)
    let steps: [(after: Duration, signal: Int32)] =
      first == SIGINT ? [(.seconds(1), SIGTERM), (.seconds(3), SIGKILL)] : [(.seconds(2), SIGKILL)]
    let started = state.withLock { state -> Bool in
      // Once: the watch has done its work, and the plugin may not have ended yet.
      guard !state.ended, state.escalation.isEmpty, first != 0 else { return false }
      state.watch?.suspend()
      state.escalation = steps.map { step in
        DispatchWorkItem { process.signal(step.signal) }.scheduled(after: step.after)
      }
      return true
    }
    if started, !Self.passedOn.load(ordering: .relaxed) { process.signal(first) }
  }

  /// The plugin's leader stopped (the waiter saw it, and calls this on its own thread).
  func stopped(by number: Int32) {
    guard let process = state.withLock({ $0.process }) else { return }
    if number == SIGTTIN || number == SIGTTOU {
      // It read from the terminal or changed its mode: it is the foreground job now.
      giveTerminal(to: process.pid)
    } else if state.withLock({ $0.terminal >= 0 }) {
      // Ctrl-Z reached the plugin that holds the terminal: stop with it, as its shell expects.
      takeTerminalBack()
      Self.stop(by: SIGTSTP)
      giveTerminal(to: process.pid)
    }
    // Otherwise ctry's own Ctrl-Z stopped it, and continues it on `fg`.
  }

  /// Makes `group` the terminal's foreground group and continues it. When ctry is not in the
  /// foreground itself (`ctry NAME &`), it first stops as it would had it read the terminal itself,
  /// until `fg`. A ctry whose parent has left its session (an orphan) nobody could continue: the
  /// plugin is hung up instead, as the kernel hangs up a stopped orphaned process group.
  private func giveTerminal(to group: pid_t) {
    defer { kill(-group, SIGCONT) }
    guard state.withLock({ $0.terminal }) < 0,
      let fd = try? SystemCall.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    else { return }
    let foreground = tcgetpgrp(fd)
    if foreground > 0, foreground != getpgrp() {
      guard getsid(getppid()) == getsid(0) else {
        close(fd)
        kill(-group, SIGHUP)
        return
      }
      Self.stop(by: SIGTTIN)
    }
    var mode = termios()
    guard tcgetpgrp(fd) == getpgrp(), tcgetattr(fd, &mode) == 0, tcsetpgrp(fd, group) == 0 else {
      close(fd)
      return
    }
    state.withLock {
      $0.terminal = fd
      $0.mode = mode
      $0.heldTerminal = true
    }
  }

  /// Stops ctry as `number` (SIGTSTP, SIGTTIN) stops a job, whatever ctry's own handling of it; as
  /// for any job, not when its process group is orphaned (nobody would continue it). Only
  /// async-signal-safe calls: `suspend` stops this way too.
  private static func stop(by number: Int32) {
    var stop = sigaction()
    var previous = sigaction()
    stop.__sigaction_handler.sa_handler = SIG_DFL
    sigaction(number, &stop, &previous)
    raiseUnblocked(number)
    sigaction(number, &previous, nil)
  }

  /// Makes ctry's group the terminal's foreground again, in the mode ctry gave it away in.
  private func takeTerminalBack() {
    let held = state.withLock { state -> (Int32, termios)? in
      defer { state.terminal = -1 }
      return state.terminal >= 0 ? (state.terminal, state.mode) : nil
    }
    guard let (fd, saved) = held else { return }
    var mode = saved
    // From a background group tcsetpgrp would stop ctry with SIGTTOU, unless this thread blocks it.
    var block = sigset_t()
    var old = sigset_t()
    sigemptyset(&block)
    sigaddset(&block, SIGTTOU)
    pthread_sigmask(SIG_BLOCK, &block, &old)
    tcsetpgrp(fd, getpgrp())
    tcsetattr(fd, TCSADRAIN, &mode)
    pthread_sigmask(SIG_SETMASK, &old, nil)
    close(fd)
  }

  /// The plugin has exited with `status` and its group been killed (or it never started): takes the
  /// terminal back, restores ctry's handlers, and delivers a SIGINT, SIGTERM or SIGHUP that came
  /// meanwhile to ctry as it would have come without the plugin. Returns that signal.
  @discardableResult
  func end(status: Int32? = nil) -> Int32? {
    let (previous, escalation, watch, wakeUp, ended, heldTerminal) = state.withLock { state in
      defer {
        state.ended = true
        state.watch = nil
        state.wakeUp = nil
      }
      return (state.previous, state.escalation, state.watch, state.wakeUp, state.ended, state.heldTerminal)
    }
    guard owner, !ended else { return nil }
    escalation.forEach { $0.cancel() }
    takeTerminalBack()
    Self.group.store(0, ordering: .relaxed)
    for (number, old) in previous {
      var action = old
      sigaction(number, &action, nil)
    }
    // No handler writes to the wake-up pipe any more: it is closed, by the watch's cancel handler
    // when there is a watch (resumed first if the escalation suspended it: Dispatch runs no cancel
    // handler of a suspended source, and traps when one is released).
    Self.wake.store(-1, ordering: .releasing)
    if let watch {
      if !escalation.isEmpty { watch.resume() }
      watch.cancel()
    } else if let wakeUp {
      close(wakeUp.read)
      close(wakeUp.write)
    }
    let number = Self.received.exchange(0, ordering: .relaxed)
    Self.active.store(false, ordering: .releasing)
    // Ctrl-C went to the plugin that held the terminal, not through ctry: end its `^C` line now.
    if number == 0, heldTerminal, status == 128 + SIGINT { Self.endInterruptedLine() }
    Self.endsInterruptedLine.store(false, ordering: .relaxed)
    guard number != 0 else { return nil }
    Self.raiseUnblocked(number)
    return number
  }

  /// Raises `number` with it unblocked on this thread, then puts the thread's mask back: the signal
  /// is delivered here and now, whatever mask Swift's or Dispatch's thread had (async-signal-safe).
  private static func raiseUnblocked(_ number: Int32) {
    var unblock = sigset_t()
    var mask = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, number)
    pthread_sigmask(SIG_UNBLOCK, &unblock, &mask)
    raise(number)
    // Continued (a stop), or handled.
    pthread_sigmask(SIG_SETMASK, &mask, nil)
  }
}
