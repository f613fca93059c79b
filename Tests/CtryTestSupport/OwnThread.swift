import Foundation
import Testing

/// Runs blocking work (waiting for child processes, sleeping) on a thread of its own, so it never
/// holds one of the few threads of Swift's cooperative pool that other tests' tasks need.
package func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result { try body() }) }
    thread.start()
  }
}

extension Trait where Self == OwnThreadTrait {
  /// Each test of the suite runs on a thread of its own instead of Swift's cooperative pool, which
  /// has as many threads as the machine has cores: a test that waits for a process, a terminal or a
  /// server blocks only its own thread, and the pool goes on running the other tests. At most
  /// `OwnThreadTrait.width` such tests of suites that run their tests in parallel run at once.
  ///
  /// Every suite of ctryTests (the binary's tests: processes, terminals, servers) carries it, which
  /// `Scripts/lint` checks; elsewhere a test that blocks wraps the blocking part in `onOwnThread`.
  package static var ownThread: Self { OwnThreadTrait() }
}

/// The trait behind `.ownThread`.
package struct OwnThreadTrait: SuiteTrait, TestTrait, TestScoping {
  /// How many tests run on threads of their own at once: enough to keep every core busy while some
  /// of them wait, few enough that the processes they start do not crowd each other out
  /// (`CTRY_TEST_THREADS` overrides it).
  package static let width: Int = {
    if let text = ProcessInfo.processInfo.environment["CTRY_TEST_THREADS"], let width = Int(text), width > 0 {
      return width
    }
    return 3 * ProcessInfo.processInfo.activeProcessorCount
  }()

  private static let slots = Slots(Self.width)

  package var isRecursive: Bool { true }

  package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  package func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A test with a time limit does not wait for a slot: the wait would count against its limit. Nor
    // does a test of a serialized suite: its suite runs one test at a time already, and a wait behind
    // the other suites' tests would add to a chain that is already the longest part of the run.
    let slotted = test.timeLimit == nil && !test.traits.contains { $0 is ParallelizationTrait }
    if slotted { await Self.slots.take() }
    let executor = ThreadExecutor()
    defer {
      executor.finish()
      if slotted { Task { await Self.slots.give() } }
    }
    try await withTaskExecutorPreference(executor) { try await function() }
  }
}

/// A counting semaphore whose waiters suspend instead of blocking a thread.
private actor Slots {
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(_ count: Int) { free = count }

  func take() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func give() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}

/// A task executor with one thread of its own, which runs the jobs it is given in order until
/// `finish()`.
private final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var finished = false
  private var running = true

  init() {
    let thread = Thread { [self] in run() }
    thread.stackSize = 8 << 20
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    defer { condition.unlock() }
    guard running else {
      // A job that comes after the test has ended (a task it left behind) still runs.
      let executor = asUnownedTaskExecutor()
      Thread { job.runSynchronously(on: executor) }.start()
      return
    }
    jobs.append(job)
    condition.signal()
  }

  func finish() {
    condition.lock()
    finished = true
    condition.signal()
    condition.unlock()
  }

  private func run() {
    while true {
      condition.lock()
      while jobs.isEmpty && !finished { condition.wait() }
      guard !jobs.isEmpty else {
        running = false
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
