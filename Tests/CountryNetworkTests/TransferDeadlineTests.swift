import CtryTestSupport
import Dispatch
import Foundation
import Testing

@testable import CountryNetwork

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
  // the test pool's are all blocked by tests that wait for processes). Bounds are hang guards far
  // from anything a loaded machine produces: the speed itself is BENCHMARKS.md's business.
  let executor = QueueExecutor()

  @Test func aTricklingServerHitsTheTotalCapNotJustTheIdleLimit() async throws {
    let server = try server()
    defer { server.stop() }
    server.setFault(.trickle(interval: 0.2))
    let request = try request(server, timeout: .seconds(1))
    let transport = self.transport
    do {
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
      // The timeout is the event: a trickle that resets an idle timer would go on for hours, so the
      // bound is a hang guard far from both, not a measure of speed (BENCHMARKS.md measures that).
      #expect(throws: TransportError.timeout) { try result.get() }
      #expect(elapsed < .seconds(60), "the 1 s limit held against a trickle: \(elapsed)")
    }
  }

  @Test func cancellingEndsASlowTransfer() async throws {
    let server = try server()
    defer { server.stop() }
    server.setFault(.slow(seconds: 600))
    let request = try request(server, timeout: .seconds(300))
    let transport = self.transport
    // The whole test on the executor: the sleep before the cancel must not wait for a busy pool either.
    let executor = self.executor
    let (took, error) = await withTaskExecutorPreference(executor) { () -> (Duration, TransportError?) in
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
      return (ended - cancelled, error)
    }
    #expect(error == .cancelled)
    // Ended by the cancel, not by the server (600 s) or the timeout (300 s): a hang guard.
    #expect(took < .seconds(60), "cancelled in \(took)")
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
