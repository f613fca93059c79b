import Foundation

/// The trials of a stress test (tag `.stress`): a race or a crash repeated. In the main lane
/// (`Scripts/test`) there are `minimum` of them, enough to check the property once over; in the stress
/// lane (`Scripts/test --stress`, which sets `CTRY_TEST_STRESS_SECONDS`) they go on until that many
/// seconds have passed since the first, from `minimum` up to `maximum`. A slow machine runs fewer
/// trials; it never fails for being slow.
package struct StressTrials: Sequence, Sendable {
  package let minimum: Int
  package let maximum: Int
  private let budget: Duration?

  package init(minimum: Int, maximum: Int) {
    self.minimum = minimum
    self.maximum = Swift.max(minimum, maximum)
    budget = Self.budget
  }

  /// Whether this is the stress lane (`CTRY_TEST_STRESS_SECONDS` is set): for a stress test whose
  /// check is one whole pass over a corpus rather than trials, which the stress lane makes in full.
  package static var isStressLane: Bool { budget != nil }

  /// `CTRY_TEST_STRESS_SECONDS` as a duration; nil (the main lane) when unset or not a number.
  static let budget: Duration? = {
    guard let text = ProcessInfo.processInfo.environment["CTRY_TEST_STRESS_SECONDS"], let seconds = Double(text),
      seconds.isFinite, seconds >= 0
    else { return nil }
    return .milliseconds(Int(seconds * 1000))
  }()

  package func makeIterator() -> Iterator { Iterator(trials: self, began: .now) }

  package struct Iterator: IteratorProtocol {
    let trials: StressTrials
    let began: ContinuousClock.Instant
    var started = 0

    /// The next trial's number (from 0), or nil when they are done.
    package mutating func next() -> Int? {
      guard
        started < trials.minimum
          || (started < trials.maximum && trials.budget.map { ContinuousClock.now - began < $0 } == true)
      else { return nil }
      defer { started += 1 }
      return started
    }
  }
}
