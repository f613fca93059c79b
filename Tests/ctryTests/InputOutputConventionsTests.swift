import CtryTestSupport
import Foundation
import Testing

/// The binary's input and output conventions: CRLF scripts, the start-up file, data-only
/// output in plain, CSV and JSON, and exit codes.
@Suite(.ownThread) struct InputOutputConventionsTests {
  let directory = TestPaths.preparedDirectory()

  func ctry(_ arguments: [String], stdin: String? = nil) throws -> ProcessRunner.Result {
    try ProcessRunner.ctry(["--data-dir", directory] + arguments, stdin: stdin, directory: directory)
  }

  func write(_ name: String, _ bytes: String) throws -> String {
    let path = "\(directory)/\(name)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data(bytes.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  // MARK: CRLF

  @Test func crlfScriptsRunLineByLine() throws {
    let script = try write("crlf.ctry", "set format plain\r\ndetails Egypt\r\nborders Egypt\r\n")
    let result = try ctry([script])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.isEmpty)
    #expect(result.out.contains("Cairo") && result.out.contains("Libya\n") && result.out.contains("Sudan\n"))
  }

  @Test func crlfOnStandardInput() throws {
    let result = try ctry(["--format", "plain"], stdin: "search --capital oslo\r\nsearch --capital lima\r\n")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "Norway\nPeru\n")
  }

  @Test func aLoneCarriageReturnInsideALineIsAnErrorNamingTheLine() throws {
    let script = try write("cr.ctry", "echo one\ndetails Egypt\rborders Egypt\necho three\n")
    let result = try ctry([script])
    #expect(result.status == 2)
    #expect(result.out == "one\n", "a script stops at its first error")
    #expect(
      result.err
        == "\(script):2: a carriage return (\\r) inside the line — save the script with LF or CRLF line endings\n")
  }

  // MARK: init.ctry

  @Test func aBadLineInInitIsReportedAndTheRestRuns() throws {
    let config = "\(directory)"
    _ = try write("init.ctry", "set format plain\r\ndetails Atlantis\nset capital Lima\nalias cap = search --capital\n")
    let result = try ctry(["-c", "cap ${capital}"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "Peru\n", "the lines after the bad one ran")
    #expect(result.err.hasPrefix("\(config)/init.ctry:2: unknown country 'Atlantis'"), "\(result.err)")
    #expect(result.err.split(separator: "\n").count == 1)
  }

  @Test func initStopsAtTheFirstErrorWhenItAsksTo() throws {
    _ = try write("init.ctry", "set on-error stop\ndetails Atlantis\nset capital Lima\n")
    let result = try ctry(["-c", "set capital"])
    #expect(result.err.contains("init.ctry:2: unknown country 'Atlantis'"))
    #expect(result.status == 1, "the variable was never set: \(result.out)")
  }

  // MARK: ISO codes win over IOC codes

  @Test func brnIsBruneiAndMalaysiaBordersIt() throws {
    let details = try ctry(["--format", "plain", "details", "BRN"])
    #expect(details.out.hasPrefix("🇧🇳  Brunei\n"), "\(details.out)")
    let borders = try ctry(["--format", "plain", "borders", "Malaysia"])
    #expect(borders.out == "Brunei\nIndonesia\nThailand\n")
    let brunei = try ctry(["--format", "plain", "borders", "Brunei"])
    #expect(brunei.status == 0 && brunei.out == "Malaysia\n")
    #expect(try ctry(["--format", "plain", "details", "BHR"]).out.hasPrefix("🇧🇭  Bahrain\n"))
  }

  // MARK: Data only on stdout

  @Test func emptyResultsAreEmptyOutputWithTheNoticeOnStderr() throws {
    for (format, expected) in [("plain", ""), ("csv", ""), ("json", "[]\n")] {
      let search = try ctry(["--format", format, "search", "zzzz"])
      #expect(search.status == 1)
      #expect(search.out == expected, "\(format): \(search.out)")
      #expect(search.err == "No countries match.\n", "\(format)")
      // No land borders is a correct answer: exit 0, the notice on stderr.
      let borders = try ctry(["--format", format, "borders", "Japan"])
      #expect(borders.status == 0)
      #expect(borders.out == expected, "\(format): \(borders.out)")
      #expect(borders.err == "Japan has no land borders.\n")
    }
    let table = try ctry(["search", "zzzz"])
    #expect(table.out == "No countries match.\n", "tables for people keep their friendly line")
  }

  @Test func noFavoritesIsAnEmptyListNotTheHomeCountry() throws {
    let json = try ctry(["--json", "favorites"])
    #expect(json.status == 0)
    #expect(json.out == "[]\n")
    #expect(json.err.contains("No favorites yet") && json.err.contains("Egypt"))
    let plain = try ctry(["--format", "plain", "favorites"])
    #expect(plain.out.isEmpty)
    let table = try ctry(["favorites"])
    #expect(table.out.contains("No favorites yet") && table.out.contains("Egypt"))
  }

  // MARK: CSV and JSON numbers

  @Test func csvHasNoEmptyRecordAtTheEnd() throws {
    for command in [["search", "--region", "Oceania", "--limit", "3"], ["details", "Egypt"], ["currencies", "EUR"]] {
      let result = try ctry(["--format", "csv"] + command)
      #expect(result.status == 0, "\(command): \(result.err)")
      #expect(result.out.utf8.suffix(2).elementsEqual("\r\n".utf8), "\(command) ends its last record")
      #expect(!result.out.utf8.suffix(3).elementsEqual("\r\n\n".utf8), "\(command)")
      let records = result.out.components(separatedBy: "\r\n")
      #expect(records.last == "" && !records.dropLast().contains(""), "\(command): \(records)")
    }
  }

  @Test func statusJSONGivesNumbersAsNumbers() throws {
    let result = try ctry(["--json", "status"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.out)")
    #expect(object["countries"] as? Int == 250)
  }

  // MARK: Exit codes

  @Test func badAPIFlagsAreUsageErrors() throws {
    let version = try ctry(["--api-version", "v9", "status"])
    #expect(version.status == 2)
    #expect(version.err == "unknown API version 'v9' — use v3.1, v2 or v5\n")
    let url = try ctry(["--api", "ftp://example", "status"])
    #expect(url.status == 2)
    #expect(url.err.hasPrefix("'ftp://example' is not an http(s) URL"))
    let environment = try ProcessRunner.ctry(
      ["--data-dir", directory, "status"], environment: ["CTRY_API_VERSION": "v7"], directory: directory)
    #expect(environment.status == 2)
  }
}
