import CtryTestSupport
import Dispatch
import Foundation
import Testing

@testable import CountryKit

/// Every transfer has a total cap, and Ctrl-C (task cancellation) ends it at once.
@Suite(.tags(.network)) struct TransferDeadlineTests {
  let transport = CurlTransport(userAgent: "ctry-tests")

  func server() throws -> FakeRestCountriesServer {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    return try FakeRestCountriesServer(v31Records: data)
  }

  func request(_ server: FakeRestCountriesServer, timeout: Duration) throws -> HTTPRequest {
    HTTPRequest(url: try #require(URL(string: server.baseURL + "/v3.1/alpha/EGY")), timeout: timeout)
  }

  // The timed code runs on an executor of its own (a serial dispatch queue, which gets a thread when
  // the test pool's are all blocked by tests that wait for processes), and timings are the best of a
  // few tries: a loaded machine can delay the task that observes the result, which says nothing about
  // the transfer.
  let executor = QueueExecutor()

  @Test func aTricklingServerHitsTheTotalCapNotJustTheIdleLimit() async throws {
    let server = try server()
    defer { server.stop() }
    server.setFault(.trickle(interval: 0.2))
    var best = Duration.seconds(3600)
    let request = try request(server, timeout: .seconds(1))
    let transport = self.transport
    for _ in 0..<2 {
      let timed = Task(executorPreference: executor) { () -> (Duration, Result<HTTPResponse, TransportError>) in
        let started = ContinuousClock.now
        let result: Result<HTTPResponse, TransportError>
        do {
          result = .success(try await transport.send(request, maxBytes: 1 << 24, progress: nil))
        } catch {
          result = .failure(error as? TransportError ?? .other("\(error)"))
        }
        return (ContinuousClock.now - started, result)
      }
      let (elapsed, result) = await timed.value
      #expect(throws: TransportError.timeout) { try result.get() }
      best = min(best, elapsed)
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
    // The whole test on the executor: the sleep before the cancel must not wait for a busy pool either.
    let executor = self.executor
    let best = await withTaskExecutorPreference(executor) { () -> Duration in
      var best = Duration.seconds(3600)
      for _ in 0..<3 {
        let task = Task(executorPreference: executor) { () -> (ContinuousClock.Instant, TransportError?) in
          do {
            _ = try await transport.send(request, maxBytes: 1 << 24, progress: nil)
            return (ContinuousClock.now, nil)
          } catch {
            return (ContinuousClock.now, error as? TransportError ?? .other("\(error)"))
          }
        }
        try? await Task.sleep(for: .milliseconds(300))
        let cancelled = ContinuousClock.now
        task.cancel()
        let (ended, error) = await task.value
        best = min(best, ended - cancelled)
        #expect(error == .cancelled)
        if best < .milliseconds(200) { break }
      }
      return best
    }
    #expect(best < .milliseconds(200), "cancelled in \(best)")
  }
}

/// Runs jobs on a serial dispatch queue rather than the shared cooperative pool.
final class QueueExecutor: TaskExecutor, @unchecked Sendable {
  private let queue = DispatchQueue(label: "ctry.tests.timed")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
