import Foundation

/// Runs blocking work (waiting for child processes, sleeping) on a thread of its own, so it never
/// holds one of the few threads of Swift's cooperative pool that other tests' tasks need.
package func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result { try body() }) }
    thread.start()
  }
}
