import Dispatch
import Synchronization

/// Runs a mode's async work from the synchronous `main` and waits for it, keeping the main thread
/// for the terminal meanwhile.
///
/// ctry keeps its main thread to itself: that is where libedit reads and where SIGINT lands. With an
/// async `main`, Linux parks the main thread in `dispatch_main` with signals blocked and runs
/// main-actor work on a worker thread, where Ctrl-C could not interrupt the read. So `main` is
/// synchronous and calls `run` once, for the mode it chose; while that work runs, the main thread
/// does the blocking terminal calls the work hands it (`MainThread.perform`): reading a line,
/// waiting for Ctrl-C. No thread of the cooperative pool ever blocks on the terminal.
package enum Blocking {
  package static func run<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
    let result = Mutex<T?>(nil)
    Task {
      let value = await operation()
      result.withLock { $0 = value }
      MainThread.wake()
    }
    while true {
      MainThread.serve()
      if let value = result.withLock({ $0 }) { return value }
    }
  }
}

/// Blocking calls that must run on the main thread, handed to it from async code.
package enum MainThread {
  private static let jobs = Mutex<[@Sendable () -> Void]>([])
  /// One count per job queued, and one when `Blocking.run`'s work is done.
  private static let ready = DispatchSemaphore(value: 0)

  /// Runs `job` on the main thread and returns its result; the calling task is suspended, not
  /// blocked, meanwhile. Only inside `Blocking.run`, whose main thread runs the jobs.
  package static func perform<T: Sendable>(_ job: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      jobs.withLock { $0.append { continuation.resume(returning: job()) } }
      ready.signal()
    }
  }

  fileprivate static func wake() {
    ready.signal()
  }

  /// Waits for a job or the end of the work, and runs every job queued, in order.
  fileprivate static func serve() {
    ready.wait()
    let pending = jobs.withLock { queued in
      defer { queued.removeAll() }
      return queued
    }
    for job in pending { job() }
  }
}
