import Synchronization

/// A thread-safe counter.
final class Counter: Sendable {
  private let value = Atomic<Int>(0)

  func increment() -> Int { value.add(1, ordering: .relaxed).oldValue }
}
