import Dispatch
import Synchronization

/// Runs async work from synchronous code and waits for it.
///
/// ctry keeps its main thread to itself (see `InteractiveShell`): that is where libedit reads and
/// where SIGINT lands. With an async `main`, Linux parks the main thread in `dispatch_main` with
/// signals blocked and runs main-actor work on a worker thread, where Ctrl-C could not interrupt
/// the read. So `main` is synchronous and waits here for each piece of async work.
package enum Blocking {
  package static func run<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
    let result = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
      let value = await operation()
      result.withLock { $0 = value }
      done.signal()
    }
    while true {
      done.wait()
      if let value = result.withLock({ $0 }) { return value }
    }
  }
}
