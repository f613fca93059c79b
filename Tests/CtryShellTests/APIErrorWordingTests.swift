import CountryNetwork
import CtrySystem
import Foundation
import Testing

@testable import CtryShell

/// The core states what went wrong with the server and names no command, flag or setting; the shell
/// words the way out, so that a person reads the same line as before.
@Suite struct APIErrorWordingTests {
  static let signUp = "https://restcountries.com/sign-up"

  /// What the core states, what the shell shows, and which problem that is.
  static let cases: [(error: APIError, stated: String, worded: String, problem: ServerProblem)] = [
    (
      .missingKey, "no REST Countries API key",
      "no REST Countries API key: get one at \(signUp) and set CTRY_API_KEY (or 'set api-key KEY'), "
        + "or point --api at a self-hosted v3.1 server", .noAPIKey
    ),
    (
      .retiredServer("v2"), "the hosted REST Countries v2 API is retired",
      "the hosted REST Countries v2 API is retired: point --api at a self-hosted v2 server, "
        + "or set CTRY_API_KEY (key at \(signUp)) for v5", .retiredServer(version: "v2")
    ),
    (
      .http(status: 401, message: "Invalid key"), "HTTP 401: the API key was rejected (server: Invalid key)",
      "HTTP 401: the API key was rejected: check CTRY_API_KEY or 'set api-key' (server: Invalid key)", .keyRejected
    ),
    (
      .http(status: 404, message: nil), "HTTP 404: nothing at this address",
      "HTTP 404: nothing at this address: check --api", .nothingAtAddress
    ),
  ]

  /// What a core message may not name: the shell's commands, flags and settings.
  static func namesTheShell(_ text: String) -> Bool {
    ["'set ", "--api", "--data-dir", "api-key"].contains { text.contains($0) }
  }

  @Test func theCoreStatesTheShellWordsTheWayOut() {
    for (error, stated, worded, problem) in Self.cases {
      #expect(error.description == stated)
      #expect(!Self.namesTheShell(error.description), "the core names no command: \(error)")
      #expect(error.problem == problem)
      #expect(error.worded == worded)
    }
  }

  @Test func otherFailuresAreTheirOwnWords() {
    let failures: [APIError] = [
      .http(status: 403, message: nil), .http(status: 500, message: "down"), .transport(.timeout),
      .deadline(.seconds(30)), .decoding("[0].cca3"),
    ]
    for error in failures {
      #expect(error.problem == nil && error.worded == error.description, "\(error)")
    }
  }

  /// A refresh failure is a `CtryError` whose message holds the statement: the way out goes right
  /// after it, before what the refresh adds.
  @Test func aRefreshFailureIsWordedInPlace() {
    for (error, stated, worded, problem) in Self.cases {
      let failure = CtryError(
        .network, "refresh failed: \(stated); still using cache from 2026-11-23; 1 request sent",
        fact: problem)
      #expect(!Self.namesTheShell(failure.description))
      #expect(
        failure.worded.description == "refresh failed: \(worded); still using cache from 2026-11-23; 1 request sent",
        "\(error)")
    }
    let waited = APIError.serverAsksToWait(
      .http(status: 404, message: nil), wait: .seconds(60), until: Date(timeIntervalSince1970: 0))
    #expect(waited.problem == .nothingAtAddress)
    #expect(waited.worded.hasPrefix("HTTP 404: nothing at this address: check --api; server asks to wait 60 s"))
  }

  /// `status` words what the status file keeps; a file that kept the words already reads the same.
  @Test func aStoredStatementIsWordedOnce() {
    let worded = Self.cases[0].worded
    #expect(ServerProblem.noAPIKey.worded("no REST Countries API key") == worded)
    #expect(ServerProblem.noAPIKey.worded("something else") == "something else")
  }

  @Test func anUnusableServerURLGetsTheShellsExample() {
    do {
      try APIConfiguration.validate("ftp://example.com")
      Issue.record("expected a usage error")
    } catch {
      #expect(error.hint == nil && !Self.namesTheShell(error.description), "the core names no flag: \(error)")
      #expect(
        error.worded.description == "'ftp://example.com' is not an http(s) URL — e.g. --api http://localhost:8080/v3.1")
    }
  }
}
