import CtrySystem
import Glibc

/// A pipe that one side writes a byte to so that a `poll` on the other wakes: from a signal handler
/// (`write` is async-signal-safe), a task's cancellation, or the end of a command.
///
/// Both ends are non-blocking and close on exec, so a full pipe never blocks the writer (one byte
/// waiting is as good as many) and no plugin inherits them.
package final class WakePipe: Sendable {
  /// The end to `poll` for POLLIN.
  package let readEnd: Int32
  /// The end `wake()` writes; a signal handler may write it directly.
  package let writeEnd: Int32

  /// nil when the process has no descriptors left.
  package init?() {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  /// Makes the next `poll` on `readEnd` return at once.
  package func wake() {
    var byte: UInt8 = 1
    _ = SystemCall.retryingInterrupts { write(writeEnd, &byte, 1) }
  }

  /// Reads every byte waiting, so the next `poll` waits again.
  package func drain() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while SystemCall.retryingInterrupts({ read(readEnd, &bytes, bytes.count) }) > 0 {}
  }

  /// Waits until `descriptor` is readable (true) or this pipe is woken (false); also false when
  /// `poll` fails. Blocks the calling thread: call it from a thread of its own, never the
  /// cooperative pool.
  package func wait(forReadable descriptor: Int32) -> Bool {
    var descriptors = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0),
    ]
    let ready = SystemCall.retryingInterrupts { poll(&descriptors, 2, -1) }
    return ready > 0 && descriptors[1].revents == 0 && descriptors[0].revents != 0
  }
}
