import CtrySystem
import Glibc
import Synchronization

/// The one place ctry writes to its stdout and stderr, and checks every write.
///
/// A reader that has gone (EPIPE: `ctry … | head -1`) ends the process quietly with status 0, as
/// it always has. Any other failure (a full disk or `/dev/full`: ENOSPC; a closed stdout: EBADF; a
/// terminal that is gone: EIO) ends it with one line on stderr, `ctry: write error: No space left
/// on device`, and status 74 (EX_IOERR): output that was cut short is never passed off as a success.
/// The process stops at the first such failure, because everything after it would be lost too.
package enum StandardStream {
  /// The exit status after output that could not be written (sysexits' EX_IOERR).
  package static let writeErrorStatus: Int32 = 74

  /// Held by the first failing writer while it reports and exits: the process ends once, with one
  /// line, even when several threads fail at the same moment (the others wait here for the exit).
  private static let ending = Mutex(())

  /// Writes all of `text` to `fd` (1 or 2), or ends the process as described above.
  package static func write(_ text: String, to fd: Int32) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0), to: fd) }
  }

  /// Writes all of `bytes` to `fd` (1 or 2), or ends the process as described above.
  package static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) {
    do {
      try SystemCall.writeAll(fd, bytes)
    } catch {
      ending.withLock { _ in
        if error.code == EPIPE { exit(0) }
        if fd != 2 { try? SystemCall.writeAll(2, "ctry: write error: \(error)\n") }
        exit(writeErrorStatus)
      }
    }
  }

  /// Puts /dev/null, open for reading only, on each of stdin, stdout and stderr that was closed when
  /// the process started (`ctry >&-`). A write there then fails with EBADF, which `write` reports,
  /// and no file that ctry opens later (its database, a cache file) can take descriptor 1 or 2 and
  /// receive its output.
  package static func reserveClosedDescriptors() {
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      // Not close-on-exec: these are stdin, stdout and stderr, which a plugin inherits.
      guard let null = try? SystemCall.open("/dev/null", O_RDONLY) else { continue }
      if null != fd {
        dup2(null, fd)
        close(null)
      }
    }
  }
}
