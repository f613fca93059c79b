import CountryKit
import CountryModel
import CtryTestSupport
import Foundation
import Testing

/// Which came last, a success or a failure, is known also within one second (the
/// file keeps whole seconds) and in the next process.
@Suite struct NetworkStatusTests {
  let path = TestPaths.temporaryDirectory() + "/network.json"

  /// A store that keeps its network status in `path`, as a process's does.
  func store() -> CountryStore {
    CountryStore(CatalogSnapshot(catalog: CountryCatalog(countries: [])), networkFile: path)
  }

  /// A new process's view of the file.
  func reread() async -> NetworkStatus {
    await store().snapshot.network
  }

  @Test func aFailureJustAfterASuccessInTheSameSecondIsTheLastAttempt() async {
    let status = store()
    let second = Date(timeIntervalSince1970: 1_800_000_000)
    await status.recordSuccess(at: second.addingTimeInterval(0.2))
    await status.recordFailure(
      "HTTP 401: the API key was rejected", offline: false, at: second.addingTimeInterval(0.7))
    #expect(await status.snapshot.network.lastAttemptFailed)
    let next = await reread()
    #expect(next.lastAttemptFailed, "the next process saw: \(next)")
    #expect(next.lastAttemptAt == next.lastErrorAt)
  }

  @Test func aSuccessJustAfterAFailureInTheSameSecondIsTheLastAttempt() async {
    let status = store()
    let second = Date(timeIntervalSince1970: 1_800_000_000)
    await status.recordFailure("server unreachable", offline: true, at: second.addingTimeInterval(0.2))
    await status.recordSuccess(at: second.addingTimeInterval(0.7))
    #expect(await !status.snapshot.network.lastAttemptFailed)
    #expect(await !reread().lastAttemptFailed)
  }

  @Test func theOrderOfRecordingDecidesEvenAtTheSameInstant() {
    var status = NetworkStatus()
    let instant = Date(timeIntervalSince1970: 1_800_000_000.5)
    status.recordSuccess(at: instant)
    status.recordFailure("HTTP 401", offline: false, at: instant)
    #expect(status.lastAttemptFailed)
  }
}
