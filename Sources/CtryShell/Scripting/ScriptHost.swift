import Synchronization

/// Lets the `run` command hand a script back to the engine that is running it. The engine attaches
/// itself when it is created; the reference is weak, so the two do not keep each other alive.
package final class ScriptHost: Sendable {
  private struct Reference: @unchecked Sendable {
    // Engine is Sendable; the box only adds `weak`.
    weak var engine: Engine?
  }

  private let reference = Mutex(Reference())

  package init() {}

  func attach(_ engine: Engine) {
    reference.withLock { $0.engine = engine }
  }

  /// Runs the script at `path` (already resolved) with `arguments`; returns its status.
  package func run(path: String, arguments: [String]) async -> Int32 {
    guard let engine = reference.withLock({ $0.engine }) else { return 1 }
    return await ScriptRunner.run(path: path, arguments: arguments, engine: engine)
  }
}
