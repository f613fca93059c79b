import CtrySystem
import Glibc

/// What every run needs from the system, checked before anything else runs: a few free file
/// descriptors and a few threads. Under a very low `ulimit -n` the runtime traps (Dispatch's
/// `eventfd` fails with EMFILE: SIGILL), and under a very low `ulimit -v` or `ulimit -d` (a
/// thread's stack counts against both) async work waits forever for a worker thread Dispatch cannot
/// create (it sleeps and retries). Checked here, each is one line naming the limit, and exit 71
/// (`EX_OSERR`).
///
/// Each probe runs only when its limit is set low enough to matter, so an ordinary start pays one
/// `getrlimit` for each.
enum StartupLimits {
  /// Free descriptors a run may need at once: the runtime's (`eventfd`, `epoll`), the snapshot, the
  /// state database and its lock, history, libcurl's sockets, a plugin's three pipes.
  static let descriptorsNeeded = 16
  /// Threads that must be able to exist at once: Dispatch's manager thread and the workers of a
  /// command's async work.
  static let threadsNeeded = 4
  static let exitStatus: Int32 = 71

  /// The one line to print when a limit is too low, or nil.
  static func problem() -> String? {
    descriptorProblem() ?? threadProblem()
  }

  private static func softLimit(_ resource: Int32) -> rlim_t {
    var limit = rlimit()
    #if canImport(Glibc)
      guard getrlimit(__rlimit_resource_t(resource), &limit) == 0 else { return rlim_t.max }
    #else
      guard getrlimit(resource, &limit) == 0 else { return rlim_t.max }
    #endif
    return limit.rlim_cur
  }

  private static func descriptorProblem() -> String? {
    #if canImport(Glibc)
      let limit = softLimit(Int32(RLIMIT_NOFILE.rawValue))
    #else
      let limit = softLimit(RLIMIT_NOFILE)
    #endif
    guard limit < 256 else { return nil }
    var opened: [Int32] = []
    defer { opened.forEach { close($0) } }
    while opened.count < descriptorsNeeded {
      let descriptor: Int32
      do throws(SystemCallError) {
        descriptor = try SystemCall.open("/dev/null", O_RDONLY | O_CLOEXEC)
      } catch {
        guard error.code == EMFILE || error.code == ENFILE else { return nil }
        return "ctry: too few file descriptors: ctry needs \(descriptorsNeeded) free and \(opened.count) are left "
          + "under the limit of \(limit) (ulimit -n); raise it"
      }
      opened.append(descriptor)
    }
    return nil
  }

  /// Whether `threadsNeeded` threads can be alive at once, under a memory limit.
  private static func threadProblem() -> String? {
    MemoryHeadroom.shortfall(threads: threadsNeeded).map {
      "ctry: cannot start its threads: \($0.reason); \($0.words) for ctry"
    }
  }
}
