import CtryTestSupport
import Foundation
import Testing

/// Server settings that cannot work are usage errors (status 2, one line) before
/// any request: a port outside 1–65535, a `#fragment`, a page size too small for ctry's own page
/// bound, a number in another notation than plain decimal.
@Suite(.ownThread, .tags(.network)) struct ServerSettingsTests {
  let directory = TestPaths.preparedDirectory()

  func ctry(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessRunner.Result {
    try ProcessRunner.ctry(["--data-dir", directory] + arguments, environment: environment)
  }

  func isOneLine(_ text: String) -> Bool { text.split(separator: "\n").count == 1 }

  @Test func aPortOutsideOneTo65535IsAUsageError() throws {
    for port in ["99999", "0", "65536"] {
      let result = try ctry(["--api", "http://127.0.0.1:\(port)/v3.1", "refresh"])
      #expect(result.status == 2, "port \(port): \(result.err)")
      #expect(
        result.err
          == "the port in 'http://127.0.0.1:\(port)/v3.1' must be from 1 to 65535, got \(port) "
          + "— e.g. --api http://localhost:8080/v3.1\n",
        "\(result.err)")
    }
    let set = try ctry(["-c", "set api http://127.0.0.1:70000/v3.1"])
    #expect(
      set.status == 2 && set.err.hasPrefix("the port in 'http://127.0.0.1:70000/v3.1' must be from 1 to 65535"),
      "\(set.err)")
  }

  @Test func aFragmentInTheServerURLIsRefused() throws {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    let server = try FakeRestCountriesServer(v31Records: data)
    defer { server.stop() }
    let result = try ctry(["--api", "\(server.baseURL)/v3.1#mirror", "refresh"])
    #expect(result.status == 2)
    #expect(
      result.err.hasPrefix("'\(server.baseURL)/v3.1#mirror' has a #fragment, which no server sees"), "\(result.err)")
    #expect(isOneLine(result.err))
    #expect(server.requests.isEmpty)
  }

  @Test func onlyPlainDecimalNumbersAreAccepted() throws {
    let cases = [
      ("CTRY_HTTP_TIMEOUT", "0x10"), ("CTRY_HTTP_TIMEOUT", "1e1"), ("CTRY_HTTP_DEADLINE", "0x1E"),
      ("CTRY_HTTP_RETRIES", "+3"), ("CTRY_HTTP_RETRIES", "0x3"), ("CTRY_API_PAGE_SIZE", "0x20"),
    ]
    for (name, value) in cases {
      let result = try ctry(["--offline", "status"], environment: [name: value])
      #expect(result.status == 2, "\(name)=\(value): \(result.status)")
      #expect(result.err.hasPrefix("\(name) must be") && result.err.contains("got '\(value)'"), "\(result.err)")
      #expect(isOneLine(result.err))
    }
    for (name, value) in [("CTRY_HTTP_TIMEOUT", "2.5"), ("CTRY_HTTP_DEADLINE", " 30 "), ("CTRY_API_PAGE_SIZE", "50")] {
      #expect(try ctry(["--offline", "status"], environment: [name: value]).status == 0, "\(name)=\(value)")
    }
  }

  @Test func aPageSizeThatCannotFetchEveryCountryIsRefused() throws {
    let result = try ctry(["--offline", "status"], environment: ["CTRY_API_PAGE_SIZE": "1"])
    #expect(result.status == 2)
    #expect(
      result.err
        == "CTRY_API_PAGE_SIZE must be at least 2, got '1': ctry reads at most 200 pages, "
        + "too few for 250 countries at 1 a page — use 2 to 500 (free keys allow up to 100)\n",
      "\(result.err)")
    #expect(try ctry(["--offline", "status"], environment: ["CTRY_API_PAGE_SIZE": "2"]).status == 0)
  }
}
