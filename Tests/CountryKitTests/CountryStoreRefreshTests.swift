import CountryKit
import CountryNetwork
import CountryStorage
import CtrySystem
import CtryTestSupport
import Foundation
import Testing

/// The store runs one refresh at a time: a second joins the one in flight, and cancelling stops the
/// transfer itself.
@Suite(.tags(.network)) struct CountryStoreRefreshTests {
  let directory = TestPaths.temporaryDirectory()

  func server() throws -> FakeRestCountriesServer {
    try FakeRestCountriesServer(v31Records: try #require(FileManager.default.contents(atPath: TestPaths.dataset)))
  }

  func refresher(_ server: FakeRestCountriesServer) -> Refresher {
    Refresher(
      cache: CountryCache(directory: directory),
      configuration: APIConfiguration(baseURL: "\(server.baseURL)/v3.1", flavour: .v31))
  }

  func requests(_ outcome: RefreshOutcome) -> Int {
    switch outcome {
    case .updated(_, _, let requests), .notModified(let requests): return requests
    }
  }

  @Test func twoConcurrentRefreshesSendOneSetOfRequests() async throws {
    let server = try server()
    defer { server.stop() }
    // The server keeps the first refresh waiting, so the second certainly starts while it runs.
    server.setFault(.slow(seconds: 2))
    let store = CountryStore(catalog: TestData.catalog, source: .bundled)
    let refresher = refresher(server)
    async let first = store.refresh(with: refresher)
    async let second = store.refresh(with: refresher)
    let outcomes = try await [first, second]
    #expect(outcomes[0] == outcomes[1], "both callers get the one refresh's outcome")
    let sent = server.requests.count
    #expect(sent == requests(outcomes[0]), "one set of requests, not two: \(sent) sent, \(outcomes)")
    #expect(sent > 0)
    if case .cache = await store.snapshot.source {} else { Issue.record("the refreshed data was swapped in") }
  }

  @Test func cancellingARefreshStopsItsTransfer() async throws {
    let server = try server()
    defer { server.stop() }
    server.setFault(.slow(seconds: 600))
    let store = CountryStore(catalog: TestData.catalog, source: .bundled)
    let refresher = refresher(server)
    let started = ContinuousClock.now
    let task = Task { try await store.refresh(with: refresher) }
    // Until the request has reached the server: the transfer is under way.
    while server.requests.isEmpty, ContinuousClock.now - started < .seconds(120) {
      try await Task.sleep(for: .milliseconds(10))
    }
    let cancelled = ContinuousClock.now
    task.cancel()
    let result = await task.result
    let waited = ContinuousClock.now - cancelled
    // The `.cancelled` kind below is the event; this is a hang guard far from the server's 600 s,
    // because a loaded machine can hold a continuation for tens of seconds.
    #expect(waited < .seconds(240), "the slow answer was not waited for: \(waited)")
    guard case .failure(let failure) = result, let error = failure as? CtryError else {
      Issue.record("a cancelled refresh succeeded: \(result)")
      return
    }
    #expect(error.kind == .cancelled, "\(error)")
    #expect(error.message.contains("still using bundled data"), "\(error.message)")
    if case .bundled = await store.snapshot.source {} else { Issue.record("a cancelled refresh changed the data") }
    #expect(await store.snapshot.network.lastError == nil, "a cancellation says nothing about the server")

    // The store is free again: the next refresh runs (it does not join the cancelled one).
    server.setFault(.none)
    let outcome = try await store.refresh(with: refresher)
    guard case .updated = outcome else {
      Issue.record("the next refresh: \(outcome)")
      return
    }
  }
}
