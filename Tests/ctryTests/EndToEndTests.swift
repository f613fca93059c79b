import CtryTestSupport
import Foundation
import Testing

/// The built binary, through its command line: `-c`, `COMMAND ARGS`, stdin, flags, exit codes.
@Suite(.ownThread) struct EndToEndTests {
  let directory = TestPaths.preparedDirectory()

  func ctry(_ arguments: String..., stdin: String? = nil, environment: [String: String] = [:]) throws
    -> ProcessRunner.Result
  {
    try ProcessRunner.ctry(["--data-dir", directory] + arguments, stdin: stdin, environment: environment)
  }

  @Test func binaryIsBuilt() {
    #expect(FileManager.default.isExecutableFile(atPath: TestPaths.binary), "run 'swift build' before 'swift test'")
  }

  @Test func jsonDetailsOfEgypt() throws {
    let result = try ctry("--json", "-c", "details Egypt")
    #expect(result.status == 0 && result.err.isEmpty)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect((object["capital"] as? [String]) == ["Cairo"])
    let egp = (object["currencies"] as? [String: Any])?["EGP"] as? [String: String]
    #expect(egp?["symbol"]?.isEmpty == false)
    #expect((object["languages"] as? [String: String])?["ara"] == "Arabic")
    #expect(Set(object["borders"] as? [String] ?? []).isSuperset(of: ["LBY", "SDN"]))
  }

  @Test func plainSearchByCapital() throws {
    let result = try ctry("-c", "search --capital helsinki", "--format", "plain")
    #expect(result.out == "Finland\n" && result.status == 0)
  }

  @Test func sixthFavoriteExitsOneAndKeepsFive() throws {
    #expect(try ctry("-c", "favorites add Egypt Germany France Japan Brazil").status == 0)
    let refused = try ctry("-c", "favorites add Italy")
    #expect(refused.status == 1)
    #expect(refused.err.split(separator: "\n").count == 1, "one line: \(refused.err)")
    #expect(try ctry("--format", "plain", "favorites").out == "Egypt\nGermany\nFrance\nJapan\nBrazil\n")
  }

  @Test func gitStyleCommandWithItsOwnFlags() throws {
    let result = try ctry("search", "--region", "Oceania", "--sort", "population", "--limit", "2", "--format", "plain")
    #expect(result.out == "Australia\nPapua New Guinea\n")
    #expect(try ctry("details", "united", "kingdom", "--format", "plain").out.contains("London"))
  }

  @Test func severalCommandsRunInOrder() throws {
    let result = try ctry("--format", "plain", "-c", "details Atlantis", "-c", "search --capital cairo")
    #expect(result.out == "Egypt\n")
    #expect(result.status == 1, "the first failure's status")
    #expect(result.err.hasPrefix("unknown country 'Atlantis'"))
  }

  @Test func commandsFromStdin() throws {
    let result = try ctry(
      "--format", "plain", stdin: "# a comment\nsearch --capital helsinki\n\nsearch --capital oslo\n")
    #expect(result.out == "Finland\nNorway\n" && result.status == 0)
    let failing = try ctry(stdin: "serch x\nsearch --capital oslo --format plain\n")
    #expect(failing.status == 2 && failing.out == "Norway\n")
    #expect(try ctry(stdin: "search --capital oslo --plain\nexit 4\nsearch\n").status == 2)
    #expect(try ctry(stdin: "exit 4\nsearch\n").status == 4)
  }

  @Test func usageErrorsAreOneLineWithStatusTwo() throws {
    for arguments in [["--format", "xml", "-c", "help"], ["--bogus"], ["-c", "help", "details", "x"]] {
      let result = try ProcessRunner.ctry(["--data-dir", directory] + arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.err.split(separator: "\n").count == 1, "\(arguments): \(result.err)")
      #expect(result.out.isEmpty)
    }
    let unknown = try ctry("serch", "x")
    #expect(unknown.err == "unknown command 'serch' — did you mean 'search'?\n" && unknown.status == 2)
  }

  /// `--json --format csv` is a usage error, not "JSON wins": among ctry's own flags, on a command
  /// given as arguments, and on a command in a script. The same format twice is fine.
  @Test func conflictingOutputFlagsAreAUsageError() throws {
    let script = "\(directory)/formats.ctry"
    try "details Egypt --format csv --json\n".write(toFile: script, atomically: true, encoding: .utf8)
    for (arguments, error) in [
      (
        ["--json", "--format", "csv", "details", "Egypt"],
        "conflicting output formats: --json and --format csv — give one"
      ),
      (
        ["--format", "csv", "--format", "plain", "status"],
        "conflicting output formats: --format csv and --format plain — give one"
      ),
      (
        ["details", "Egypt", "--json", "--format", "csv"],
        "conflicting output formats: --json and --format csv — give one"
      ),
      ([script], "\(script):1: conflicting output formats: --format csv and --json — give one"),
    ] {
      let result = try ProcessRunner.ctry(["--data-dir", directory] + arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.out.isEmpty, "\(arguments)")
      #expect(result.err == error + "\n", "\(arguments)")
    }
    let same = try ctry("--json", "--format", "json", "--format", "json", "details", "Egypt", "--json")
    #expect(same.status == 0 && same.out.hasPrefix("{"), "\(same.err)")
  }

  @Test func helpAndVersion() throws {
    let help = try ctry("--help")
    #expect(help.status == 0 && help.out.contains("USAGE: ctry"))
    let version = try ctry("--version").out.split(separator: "\n")
    #expect(version.first == "0.1.0", "the version alone on the first line")
    #expect(version.count == 2 && version[1].hasPrefix("data: countryinfo (MIT)") && version[1].contains("CC BY 4.0"))
    #expect(try ctry("help").out.contains("favorites"))
  }

  @Test func csvAndNoColorWhenPiped() throws {
    let csv = try ctry("--format", "csv", "-c", "search --capital helsinki")
    #expect(csv.out.hasPrefix("cca2,cca3,name,capital,region,population,flag\r\n"))
    let table = try ctry("-c", "details Egypt")
    #expect(!table.out.contains("\u{1B}["), "no colour on a pipe")
  }

  @Test func closedPipeExitsQuietly() throws {
    let result = try Subprocess.run(
      "/bin/sh",
      ["-c", "'\(TestPaths.binary)' --data-dir '\(directory)' -c search -c search | head -1 >/dev/null; echo $?"])
    #expect(result.err.isEmpty, "\(result.err)")
  }

  @Test func homeFollowsTheEnvironment() throws {
    let tokyo = try ctry("--format", "plain", "home", environment: ["TZ": "Asia/Tokyo"])
    #expect(tokyo.out.hasPrefix("🇯🇵  Japan\n"))
  }
}
