import CtryTestSupport
import Foundation
import Testing

@testable import CountryKit

/// Every transfer has a total cap, and Ctrl-C (task cancellation) ends it at once.
@Suite struct TransferDeadlineTests {
  let transport = CurlTransport(userAgent: "ctry-tests")

  func server() throws -> FakeRestCountriesServer {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    return try FakeRestCountriesServer(v31Records: data)
  }

  func request(_ server: FakeRestCountriesServer, timeout: Duration) throws -> HTTPRequest {
    HTTPRequest(url: try #require(URL(string: server.baseURL + "/v3.1/alpha/EGY")), timeout: timeout)
  }

  // Timings are the best of a few tries: a loaded test machine can delay the task that observes the
  // result, which says nothing about the transfer.

  @Test func aTricklingServerHitsTheTotalCapNotJustTheIdleLimit() async throws {
    let server = try server()
    defer { server.stop() }
    server.setFault(.trickle(interval: 0.2))
    var best = Duration.seconds(3600)
    for _ in 0..<2 {
      let started = ContinuousClock.now
      await #expect(throws: TransportError.timeout) {
        try await transport.send(try request(server, timeout: .seconds(1)), maxBytes: 1 << 24, progress: nil)
      }
      best = min(best, ContinuousClock.now - started)
      if best < .milliseconds(2500) { break }
    }
    #expect(best < .milliseconds(2500), "capped at about 1 s, took \(best)")
  }

  @Test func cancellingEndsATransferWithin200Milliseconds() async throws {
    let server = try server()
    defer { server.stop() }
    server.setFault(.slow(seconds: 20))
    let request = try request(server, timeout: .seconds(30))
    let transport = self.transport
    var best = Duration.seconds(3600)
    for _ in 0..<3 {
      let task = Task { try await transport.send(request, maxBytes: 1 << 24, progress: nil) }
      try await Task.sleep(for: .milliseconds(300))
      let cancelled = ContinuousClock.now
      task.cancel()
      let result = await task.result
      best = min(best, ContinuousClock.now - cancelled)
      #expect(throws: TransportError.cancelled) { try result.get() }
      if best < .milliseconds(200) { break }
    }
    #expect(best < .milliseconds(200), "cancelled in \(best)")
  }
}
