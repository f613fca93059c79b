import CtryTestSupport
import Foundation
import Testing

/// `status` says what the last contact with the server showed, also in a new process.
@Suite(.ownThread) struct StatusAcrossProcessesTests {
  let directory = TestPaths.preparedDirectory()

  func status() throws -> [String: Any] {
    let result = try ProcessRunner.ctry(["--data-dir", directory, "--json", "status"])
    return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
  }

  @Test func aFailedRefreshIsRememberedByTheNextProcess() throws {
    #expect(try status()["network"] as? String == "not_contacted", "no guess before any attempt")
    // Nothing listens on the discard port: the connection is refused at once.
    let refresh = try ProcessRunner.ctry(
      ["--data-dir", directory, "--api", "http://127.0.0.1:9/v3.1", "refresh"], environment: ["CTRY_HTTP_RETRIES": "1"])
    #expect(refresh.status == 1)
    let after = try status()
    #expect(after["network"] as? String == "unreachable", "\(after)")
    let attempt = after["last_attempt"] as? [String: Any]
    #expect(attempt?["outcome"] as? String == "failed" && attempt?["request_sent"] as? Bool == true, "\(after)")
    #expect(
      ((after["last_error"] as? [String: Any])?["message"] as? String)?.contains("unreachable") == true, "\(after)")
  }
}
