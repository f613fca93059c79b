import Dispatch
import Glibc
import Synchronization

/// Ctrl-C while a question waits at a terminal outside the interactive shell (`ctry quiz …`, `-c`, a
/// script): where no handler of ctry's own takes SIGINT, it would end the process; for the length of
/// the question it abandons the question instead, as the shell's handler does by cancelling the
/// command, so the command can still say what it has (a quiz's score).
enum OneShotInterrupt {
  /// The write end of the pipe the handler writes to (-1 when none): a handler may touch only this.
  private static let wakeEnd = Atomic<Int32>(-1)

  /// Runs `body` in a task that SIGINT cancels, when SIGINT has its default action; else (the shell's
  /// handler is installed, or SIGINT is ignored) runs it as it is.
  static func during<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> T {
    var previous = sigaction()
    guard sigaction(SIGINT, nil, &previous) == 0, previous.__sigaction_handler.sa_handler == nil,
      let signalled = WakePipe(), let done = WakePipe()
    else { return await body() }
    wakeEnd.store(signalled.writeEnd, ordering: .relaxed)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      let end = OneShotInterrupt.wakeEnd.load(ordering: .relaxed)
      guard end >= 0 else { return }
      let saved = errno
      var byte: UInt8 = 1
      _ = write(end, &byte, 1)
      errno = saved
    }
    sigemptyset(&action.sa_mask)
    sigaction(SIGINT, &action, nil)
    let task = Task { await body() }
    DispatchQueue.global().async {
      if done.wait(forReadable: signalled.readEnd) { task.cancel() }
    }
    let value = await task.value
    done.wake()
    sigaction(SIGINT, &previous, nil)
    wakeEnd.store(-1, ordering: .relaxed)
    return value
  }
}
