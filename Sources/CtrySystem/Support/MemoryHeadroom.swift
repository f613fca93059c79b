import Glibc

/// Whether the memory limits (`ulimit -v`, `ulimit -d`; a thread's stack counts against both) leave
/// room for more threads and more memory. Past a limit the runtime gives no error to handle: Swift's
/// allocator ends the process (SIGABRT), and Dispatch waits forever for a worker thread it cannot
/// create. So work that needs the room asks first, and a shortfall is one line instead.
///
/// The probe maps what the threads' stacks and the memory will take (writable, never touched) and
/// unmaps it at once: the limits count a mapping as they count a stack or the heap, and nothing is
/// held after. Without a memory limit nothing is probed.
package enum MemoryHeadroom {
  /// What a probe found missing.
  package struct Shortfall: Sendable, Equatable {
    /// The limits that are set, as the shell sets them: `ulimit -v`, `ulimit -d`.
    package var limits: [String]
    /// Why the system refused (`strerror`).
    package var reason: String

    /// `the memory limit (ulimit -d) is too low`, `the memory limits (ulimit -v, ulimit -d) are too low`.
    package var words: String {
      let named = limits.joined(separator: ", ")
      return limits.count == 1 ? "the memory limit (\(named)) is too low" : "the memory limits (\(named)) are too low"
    }
  }

  /// A thread's stack when the C library cannot say: glibc's under the usual `ulimit -s`.
  static let usualStackSize = 8 * 1_048_576

  /// nil when there is room for `threads` more threads beside `bytes` more memory, or when no memory
  /// limit is set (and then neither is evaluated).
  package static func shortfall(threads: @autoclosure () -> Int, bytes: @autoclosure () -> Int = 0) -> Shortfall? {
    #if canImport(Glibc)
      let limits = [(Int32(RLIMIT_AS.rawValue), "ulimit -v"), (Int32(RLIMIT_DATA.rawValue), "ulimit -d")]
        .filter { softLimit($0.0) != rlim_t.max }.map(\.1)
      guard !limits.isEmpty else { return nil }
      let size = threads() * (GNUExtensions.defaultThreadStackSize() ?? usualStackSize) + bytes()
      guard size > 0 else { return nil }
      let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
      guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else {
        return Shortfall(limits: limits, reason: String(cString: strerror(errno)))
      }
      munmap(mapped, size)
      return nil
    #else
      return nil
    #endif
  }

  #if canImport(Glibc)
    private static func softLimit(_ resource: Int32) -> rlim_t {
      var limit = rlimit()
      guard getrlimit(__rlimit_resource_t(resource), &limit) == 0 else { return rlim_t.max }
      return limit.rlim_cur
    }
  #endif
}
