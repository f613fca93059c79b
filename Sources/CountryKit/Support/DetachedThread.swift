#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A thread of its own for work that blocks (a libcurl transfer, waiting on a plugin), so that it
/// never holds one of the few threads Swift concurrency runs tasks on. Foundation's `Thread` would do
/// the same but links all of Foundation and ICU into the binary.
package enum DetachedThread {
  private final class Work {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  /// Runs `body` on a new detached thread; when no thread can be made, runs it on the caller's.
  package static func start(_ body: @escaping @Sendable () -> Void) {
    let work = Unmanaged.passRetained(Work(body)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { pointer in
        guard let pointer else { return nil }
        Unmanaged<Work>.fromOpaque(pointer).takeRetainedValue().body()
        return nil
      }, work)
    guard created == 0 else {
      Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body()
      return
    }
    pthread_detach(thread)
  }
}
