import CtryTestSupport
import Foundation
import Testing

/// Every server fault mode against `refresh` through the binary (the reliability table): each gives up
/// within its deadline with one line, and leaves the data as it was, byte for byte. The deadlines a
/// case exercises are set short (`CTRY_HTTP_TIMEOUT`, `CTRY_HTTP_DEADLINE`), and so are the waits
/// between tries (`CTRY_HTTP_BACKOFF`): the outcome shows that one held, not how long it was. With
/// `CTRY_RELIABILITY_DIR` set, each case also writes its row of RELIABILITY.md there
/// (`Scripts/reliability`). Serialized: each case blocks a thread of the test pool while ctry runs.
@Suite(.ownThread, .serialized, .tags(.network, .slow)) struct HostileServerTests {
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var fault: FakeRestCountriesServer.Fault
    /// Whether the refresh should succeed (the server recovers, or the data is good but odd).
    var succeeds: Bool = false
    /// The shown line starts with this (after "refresh failed: " for failures).
    var line: String
    /// `CTRY_HTTP_TIMEOUT` for the refresh: short where the case waits it out (a silent or trickling
    /// server), long enough elsewhere for a loaded machine to fetch every chunk in time.
    var timeout = "2"
    var description: String { name }
  }

  /// The bundled dataset as JSON objects, for hostile variations.
  static func records() -> [[String: Any]] {
    guard let data = FileManager.default.contents(atPath: TestPaths.dataset),
      let array = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
    else { return [] }
    return array
  }

  static func payload(_ change: (inout [[String: Any]]) -> Void) -> [UInt8] {
    var records = Self.records()
    change(&records)
    return (try? JSONSerialization.data(withJSONObject: records)).map { Array($0) } ?? []
  }

  static func egypt(_ records: [[String: Any]]) -> Int {
    records.firstIndex { $0["cca3"] as? String == "EGY" } ?? 0
  }

  static let cases: [Case] = [
    Case(name: "503 always", fault: .alwaysStatus(503), line: "HTTP 503"),
    Case(name: "500 then ok", fault: .failFirst(count: 1, status: 500), succeeds: true, line: "Refreshed 250"),
    Case(
      name: "flaky (every second request fails)", fault: .flaky(status: 503), succeeds: true, line: "Refreshed 250"),
    Case(
      name: "429, Retry-After 1", fault: .rateLimited(retryAfterSeconds: 1, times: 1), succeeds: true,
      line: "Refreshed 250"),
    Case(
      name: "429, Retry-After 0 (a storm)", fault: .rateLimited(retryAfterSeconds: 0, times: 1000),
      line: "HTTP 429: rate limited"),
    // Answered at once: well inside the 10 s refresh deadline that waiting would run into (0.1 s on a
    // quiet machine; 3.0 s was seen under a load of 3 on 2 cores, so the bound is 6).
    Case(
      name: "429, Retry-After 11 days", fault: .rateLimited(retryAfterSeconds: 950_400, times: 1000),
      line: "HTTP 429: rate limited"),
    Case(
      name: "slow (20 s before answering)", fault: .slow(seconds: 20), line: "the server did not answer in time",
      timeout: "0.3"),
    Case(
      name: "trickle (a byte every 0.5 s)", fault: .trickle(interval: 0.5), line: "the server did not answer in time",
      timeout: "0.3"),
    Case(name: "truncated body", fault: .truncatedBody, line: "server unreachable"),
    Case(name: "not JSON (an HTML page)", fault: .notJSON, line: "unexpected data"),
    Case(name: "connection reset", fault: .connectionReset, line: "server unreachable"),
    Case(name: "redirect loop", fault: .redirectLoop, line: "Number of redirects"),
    Case(
      name: "50 MB payload",
      fault: .payload(
        Array("[\"".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 50 * 1_048_576) + Array("\"]".utf8)),
      line: "response larger than 20 MB"),
    Case(
      name: "10 000-deep nesting",
      fault: .payload(
        [UInt8](repeating: UInt8(ascii: "["), count: 10_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 10_000)),
      line: "unexpected data"),
    Case(
      name: "wrong types (numbers as strings, codes as numbers)",
      fault: .payload(payload { records in for index in records.indices { records[index]["cca3"] = index } }),
      line: "unexpected data"),
    Case(
      name: "duplicate codes (Peru's cca2 set to EG)",
      fault: .payload(
        payload { records in
          let peru = records.firstIndex { $0["cca3"] as? String == "PER" } ?? 0
          records[peru]["cca2"] = "EG"
        }),
      line: "invalid data: ["),
    Case(
      name: "2 000 records",
      fault: .payload(
        payload { records in
          let original = records
          for copy in 1..<8 {
            records += original.map { record in
              var record = record
              record["cca3"] = "X\(copy)\(record["cca3"] as? String ?? "")"
              record["cca2"] = "\(copy)\(record["cca2"] as? String ?? "")"
              return record
            }
          }
        }),
      line: "invalid data: 2000 countries, more than the 1000 allowed"),
    Case(
      name: "a 1 M-character name",
      fault: .payload(
        payload { records in
          let index = egypt(records)
          records[index]["name"] = ["common": String(repeating: "E", count: 1_000_000), "official": "Egypt"]
        }),
      line: "invalid data: ["),
    Case(
      name: "a blank name (spaces only)",
      fault: .payload(
        payload { records in
          records[egypt(records)]["name"] = ["common": "   ", "official": "Arab Republic of Egypt"]
        }),
      line: "invalid data: ["),
    Case(
      name: "out-of-range numbers (area 1e19)",
      fault: .payload(payload { records in records[egypt(records)]["area"] = 1e19 }),
      line: "invalid data: ["),
    Case(
      name: "a 1 MB response header", fault: .oversizedHeader(bytes: 1_048_576),
      line: "the server sent a response header too large to read"),
    Case(
      name: "a country left out of one chunk (Peru, from the one with its borders)",
      fault: .omitFromChunks(code: "PER", field: "borders"), line: "invalid data: chunk"),
    Case(
      name: "control characters in strings",
      fault: .payload(
        payload { records in
          let index = egypt(records)
          records[index]["name"] = ["common": "Egypt\u{1B}[31m\u{9B}2J\u{202E}", "official": "Arab Republic of Egypt"]
          records[index]["capital"] = ["Cai\u{1B}]0;pwned\u{07}ro"]
        }),
      succeeds: true, line: "Refreshed 250"),
  ]

  /// Every file under `directory` but the history, for the byte-for-byte comparison.
  static func files(_ directory: String) -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: directory)
    while let name = enumerator?.nextObject() as? String {
      // The history and the record of the last attempt (network.json, which `status` reads) change
      // with every run; the data must not.
      guard !name.contains("history"), name != "network.json",
        let data = FileManager.default.contents(atPath: "\(directory)/\(name)")
      else { continue }
      files[name] = data
    }
    return files
  }

  /// `ProcessRunner.ctry` on a thread of its own, so that waiting for ctry never holds a thread of the
  /// test pool (async tests elsewhere would then wait for one, and their timings would suffer).
  static func offPool(_ arguments: [String], environment: [String: String]) async throws -> ProcessRunner.Result {
    let result = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(returning: Result { try ProcessRunner.ctry(arguments, environment: environment) })
      }
    }
    return try result.get()
  }

  /// One fake server for the cases (they run one at a time and each sets its own fault), and a data
  /// directory after a good refresh from it and `favorites add Peru`, which each case copies.
  actor Prepared {
    static let shared = Prepared()
    private var made: (server: FakeRestCountriesServer, directory: String)?

    func get() async throws -> (server: FakeRestCountriesServer, directory: String) {
      if let made { return made }
      let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
      let server = try FakeRestCountriesServer(v31Records: data)
      let directory = TestPaths.temporaryDirectory()
      let setUp = try await HostileServerTests.offPool(
        ["--data-dir", directory, "--api", "\(server.baseURL)/v3.1", "-c", "refresh", "-c", "favorites add Peru"],
        environment: [:])
      try #require(setUp.status == 0, "\(setUp.err)")
      made = (server, directory)
      return (server, directory)
    }
  }

  /// The first wait before a retry: short (`CTRY_HTTP_BACKOFF`), except when the cases write
  /// RELIABILITY.md's rows, whose times are those of the default waits.
  static let backOff: [String: String] =
    ProcessInfo.processInfo.environment["CTRY_RELIABILITY_DIR"] == nil ? ["CTRY_HTTP_BACKOFF": "0.05"] : [:]

  /// A new directory holding a copy of every file in `directory`.
  static func copy(of directory: String) throws -> String {
    let copy = TestPaths.temporaryDirectory()
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
      try FileManager.default.copyItem(atPath: "\(directory)/\(name)", toPath: "\(copy)/\(name)")
    }
    return copy
  }

  @Test(arguments: cases)
  func aFaultGivesUpInTimeWithOneLineAndKeepsTheData(_ fault: Case) async throws {
    let (server, prepared) = try await Prepared.shared.get()
    server.setFault(.none)
    let directory = try Self.copy(of: prepared)
    func ctry(_ arguments: [String], timeout: String = "2") async throws -> ProcessRunner.Result {
      try await Self.offPool(
        ["--data-dir", directory, "--api", "\(server.baseURL)/v3.1"] + arguments,
        environment: ["CTRY_HTTP_TIMEOUT": timeout, "CTRY_HTTP_DEADLINE": "10"].merging(Self.backOff) { $1 })
    }
    let before = Self.files(directory)
    server.setFault(fault.fault)
    let started = ContinuousClock.now
    let result = try await ctry(["refresh", "--force"], timeout: fault.timeout)
    print("[\(fault.name)] \(result.out)\(result.err)")
    let elapsed = ContinuousClock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    server.setFault(.none)
    let shown: String
    var intact: String
    if fault.succeeds {
      shown = result.out.split(separator: "\n").first.map(String.init) ?? ""
      #expect(result.status == 0, "\(result.err)")
      #expect(shown.hasPrefix(fault.line), "\(result.out) \(result.err)")
      let details = try await ctry(["details", "Egypt", "--format", "plain"])
      let clean = !details.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E }
      #expect(clean, "\(details.out)")
      intact = "updated" + (clean ? "; shown escaped" : "; RAW CONTROLS SHOWN")
    } else {
      shown = result.err.trimmingCharacters(in: .newlines)
      #expect(result.status == 1)
      #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
      #expect(shown.hasPrefix("refresh failed: " + fault.line), "\(result.err)")
      #expect(shown.contains("; still using cache from "), "\(result.err)")
      let same = Self.files(directory) == before
      #expect(same, "byte for byte intact")
      intact = same ? "yes, byte for byte" : "NO"
    }
    // The outcome shows the deadline held (a slow server's answer would have made the refresh
    // succeed; a trickle or an 11-day Retry-After would never end); the time is measured for
    // RELIABILITY.md, and bounded here only by a hang guard that no loaded machine comes near.
    #expect(seconds < 120, "took \(seconds) s")
    #expect(try await ctry(["--format", "plain", "favorites"]).out == "Peru\n")
    if let out = ProcessInfo.processInfo.environment["CTRY_RELIABILITY_DIR"] {
      let index = Self.cases.firstIndex { $0.name == fault.name } ?? 0
      let cell = { (text: String) in
        VisibleEscapesForTable.cell(text.count > 240 ? String(text.prefix(240)) + "…" : text)
      }
      let row = "| \(fault.name) | \(String(format: "%.1f", seconds)) s | \(cell(shown)) | \(intact) |\n"
      try row.write(toFile: "\(out)/row-\(String(format: "%02d", index)).md", atomically: true, encoding: .utf8)
    }
  }

  @Test func liveDetailsAgainstATricklingServerGiveUpWithinTheDeadline() async throws {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    let server = try FakeRestCountriesServer(v31Records: data)
    defer { server.stop() }
    server.setFault(.trickle(interval: 0.5))
    let started = ContinuousClock.now
    // The deadline is shorter than one request's timeout, so it is the deadline that ends the wait.
    let result = try await Self.offPool(
      ["--api", "\(server.baseURL)/v3.1", "details", "Egypt", "--live", "--format", "plain"],
      environment: ["CTRY_HTTP_TIMEOUT": "2", "CTRY_HTTP_DEADLINE": "1"])
    let elapsed = ContinuousClock.now - started
    // ctry's own line says which deadline it applied; the trickle would go on for hours: a hang guard.
    #expect(elapsed < .seconds(120), "gave up in \(elapsed)")
    #expect(result.status == 0)
    #expect(result.out.contains("Capital: Cairo"), "answered from local data")
    #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
    #expect(result.err.hasPrefix("live lookup failed: gave up after 1 s; answered from bundled data"), "\(result.err)")
  }
}

extension HostileServerTests {
  @Test func aBadEnvironmentValueIsOneLineAndExitTwo() async throws {
    for (name, value) in [("CTRY_HTTP_TIMEOUT", "inf"), ("CTRY_HTTP_TIMEOUT", "1e400"), ("CTRY_HTTP_RETRIES", "-1")] {
      let result = try await Self.offPool(["-c", "details Egypt"], environment: [name: value])
      #expect(result.status == 2, "\(name)=\(value): \(result.status)")
      #expect(result.out.isEmpty)
      #expect(result.err.split(separator: "\n").count == 1 && result.err.hasPrefix("\(name) must be"), "\(result.err)")
    }
  }
}

/// Markdown table cells: controls escaped visibly, pipes escaped.
enum VisibleEscapesForTable {
  static func cell(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value)
      {
        out += "\\u{\(String(scalar.value, radix: 16))}"
      } else if scalar == "|" {
        out += "\\|"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
