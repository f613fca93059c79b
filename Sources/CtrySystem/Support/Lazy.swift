import Synchronization

/// A value built once, on first use, by whichever caller gets there first; the others wait for it.
package final class Lazy<Value: Sendable>: Sendable {
  private let state = Mutex<Value?>(nil)

  package init() {}

  /// The value, built by `build` (under the lock) the first time.
  package func value(_ build: () -> Value) -> Value {
    state.withLock { cached in
      if let cached { return cached }
      let built = build()
      cached = built
      return built
    }
  }
}
