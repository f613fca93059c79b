import Foundation
import Glibc

/// The one directory that holds every temporary directory of a test process:
/// `$TMPDIR/ctry-tests-PID`, with tmux's sockets. It is removed when the process exits normally, and a root whose process
/// is gone (a run that crashed or was killed) is removed by the next run, so the suite does not
/// leave thousands of directories in the system's temporary directory.
package enum TestRunDirectory {
  static let prefix = "ctry-tests-"

  /// Made on first use, when the leftovers of dead runs are swept and the exit handler registered.
  package static let root: String = {
    let base = NSTemporaryDirectory()
    sweepDeadRuns(in: base)
    let root = base + prefix + String(getpid())
    try? FileManager.default.removeItem(atPath: root)
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    atexit { TestRunDirectory.removeRoot() }
    return root
  }()

  /// A path for a private tmux server's socket, in the root: tmux leaves its socket file behind
  /// when its server is killed, and a socket's path must stay short (108 bytes on Linux).
  package static func tmuxSocket() -> String {
    root + "/tmux-" + UUID().uuidString.prefix(8)
  }

  private static func removeRoot() {
    try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + prefix + String(getpid()))
  }

  /// Removes `ctry-tests-PID` directories whose process no longer exists. A live process's root,
  /// another run of the suite beside this one, is left alone.
  package static func sweepDeadRuns(in base: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
    for name in names where name.hasPrefix(prefix) {
      guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
      if kill(pid, 0) == -1, errno == ESRCH {
        try? FileManager.default.removeItem(atPath: base + name)
      }
    }
  }
}
