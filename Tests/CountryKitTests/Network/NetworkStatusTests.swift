import CountryKit
import CtryTestSupport
import Foundation
import Testing

/// Which came last, a success or a failure, is known also within one second (the
/// file keeps whole seconds) and in the next process.
@Suite struct NetworkStatusTests {
  let path = TestPaths.temporaryDirectory() + "/network.json"

  /// A new process's view of the file.
  func reread() -> NetworkStatus.State {
    let status = NetworkStatus()
    status.persist(at: path)
    return status.current
  }

  @Test func aFailureJustAfterASuccessInTheSameSecondIsTheLastAttempt() {
    let status = NetworkStatus()
    status.persist(at: path)
    let second = Date(timeIntervalSince1970: 1_800_000_000)
    status.recordSuccess(at: second.addingTimeInterval(0.2))
    status.recordFailure("HTTP 401: the API key was rejected", offline: false, at: second.addingTimeInterval(0.7))
    #expect(status.current.lastAttemptFailed)
    let next = reread()
    #expect(next.lastAttemptFailed, "the next process saw: \(next)")
    #expect(next.lastAttemptAt == next.lastErrorAt)
  }

  @Test func aSuccessJustAfterAFailureInTheSameSecondIsTheLastAttempt() {
    let status = NetworkStatus()
    status.persist(at: path)
    let second = Date(timeIntervalSince1970: 1_800_000_000)
    status.recordFailure("server unreachable", offline: true, at: second.addingTimeInterval(0.2))
    status.recordSuccess(at: second.addingTimeInterval(0.7))
    #expect(!status.current.lastAttemptFailed)
    #expect(!reread().lastAttemptFailed)
  }

  @Test func theOrderOfRecordingDecidesEvenAtTheSameInstant() {
    let status = NetworkStatus()
    let instant = Date(timeIntervalSince1970: 1_800_000_000.5)
    status.recordSuccess(at: instant)
    status.recordFailure("HTTP 401", offline: false, at: instant)
    #expect(status.current.lastAttemptFailed)
  }
}
