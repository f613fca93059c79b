import CtryTestSupport
import Foundation
import Testing

/// `.ctry` scripts, the start-up file and piped commands, through the binary.
@Suite(.ownThread) struct ScriptTests {
  let directory = TestPaths.preparedDirectory()

  func write(_ name: String, _ text: String, executable: Bool = false) throws -> String {
    let path = "\(directory)/\(name)"
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
    return path
  }

  func ctry(_ arguments: [String], stdin: String? = nil) throws -> ProcessRunner.Result {
    try ProcessRunner.ctry(["--data-dir", directory] + arguments, stdin: stdin)
  }

  @Test func syntaxCommentsQuotingContinuationArgumentsVariables() throws {
    let script = try write(
      "trip.ctry",
      """
      # Whole-line comment
      set format plain
      set region Oceania

      echo Start: $1 and "$2"   # a trailing comment
      details $1
      search --region ${region} \\
        --sort population \\
        --limit 2
      echo args=$#
      echo "quoted # not a comment"
      """)
    let result = try ctry([script, "New Zealand", "two words"])
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.first == "Start: New Zealand and two words")
    #expect(result.out.contains("Capital: Wellington"))
    #expect(result.out.contains("Australia\nPapua New Guinea\n"))
    #expect(result.out.contains("args=2\n"))
    #expect(result.out.hasSuffix("quoted # not a comment\n"))
  }

  @Test func errorsNameTheLineAndStopByDefault() throws {
    let script = try write(
      "stop.ctry", "set format plain\nsearch --capital oslo\n\ndetails Atlantis\necho not reached\n")
    let result = try ctry([script])
    #expect(result.status == 1)
    #expect(result.out == "Norway\n")
    #expect(result.err.hasPrefix("\(script):4: unknown country 'Atlantis'"), "\(result.err)")
  }

  @Test func continueRunsOnAndStillFails() throws {
    let script = try write(
      "go-on.ctry", "set on-error continue\nset format plain\ndetails Atlantis\nsearch --capital oslo\nserch\n")
    let result = try ctry([script])
    #expect(result.status == 1, "the first failure's status")
    #expect(result.out == "Norway\n")
    #expect(result.err.split(separator: "\n").count == 2)
    #expect(result.err.contains("go-on.ctry:5: unknown command 'serch'"))
  }

  @Test func usageErrorsExitTwo() throws {
    let script = try write("usage.ctry", "search --regoin Europe\n")
    let result = try ctry([script])
    #expect(result.status == 2)
    #expect(result.err == "\(script):1: unknown flag '--regoin' for search — did you mean '--region'?\n")
  }

  /// As `sh -x` does: each command on stderr after `+ `, never among the data on stdout.
  @Test func echoOnPrintsEachCommandOnStderr() throws {
    let script = try write("echo.ctry", "set echo on\nsearch --capital oslo --format plain\n")
    let result = try ctry([script])
    #expect(result.out == "Norway\n")
    #expect(result.err == "+ search --capital oslo --format plain\n")
  }

  /// The echo never shows the API key, however the line spells the setting: escaped, quoted, through
  /// an alias or a variable. The key is still saved.
  @Test func echoOnNeverShowsTheAPIKey() throws {
    let script = try write(
      "key.ctry",
      #"""
      set echo on
      set api\-key secret-1
      set "api"'-key' secret-2
      alias kk = set api-key secret-3
      alias sk = set api-key
      sk secret-4
      set which api-key
      set ${which} secret-5
      set $1 secret-6-abcdefgh
      status --format plain
      """#)
    let result = try ctry([script, "api-key"])
    #expect(result.status == 0, "\(result.err)")
    #expect(!result.err.contains("secret"), "\(result.err)")
    #expect(result.err.contains("+ set api-key …\n+ set api-key …\n+ alias kk = set api-key …\n"), "\(result.err)")
    #expect(result.out.contains("(…efgh)"), "the last key is saved: \(result.out)")
  }

  /// A directory named as a script is said to be one, as a usage error: not "check its permissions".
  @Test func aDirectoryIsNotAScript() throws {
    let folder = "\(directory)/trips"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for arguments in [[folder], ["run", folder], ["-c", "run \(folder)"], ["source", folder + "/"]] {
      let result = try ctry(arguments)
      #expect(result.status == 2, "\(arguments)")
      let shown = arguments.last?.hasPrefix("run ") == true ? folder : arguments.last ?? ""
      #expect(
        result.err == "\(shown) is a directory, not a script — name a .ctry file\n", "\(arguments): \(result.err)")
    }
  }

  /// `ctry FILE`, `ctry run FILE`, `source FILE` and `-c 'run FILE'` name a script the same way in
  /// their errors: as it was given, and next to its caller for a nested one.
  @Test func everyWayOfRunningAScriptNamesItAsGiven() throws {
    _ = try write("bad.ctry", "echo fine\ndetails Atlantis\n")
    _ = try write("lib/inner.ctry", "details Atlantis\n")
    _ = try write("outer.ctry", "run lib/inner.ctry\n")
    // From the scripts' directory, so that their names are relative.
    let ctry = { (arguments: [String]) throws -> ProcessRunner.Result in
      try Subprocess.run(
        TestPaths.binary, ["--data-dir", directory] + arguments,
        environment: ["HOME": directory, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], directory: directory)
    }
    let ways: [[String]] = [["bad.ctry"], ["run", "bad.ctry"], ["source", "bad.ctry"], ["-c", "run bad.ctry"]]
    for arguments in ways {
      let result = try ctry(arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.err.hasPrefix("bad.ctry:2: unknown country 'Atlantis'"), "\(arguments): \(result.err)")
    }
    for arguments in [["nothere.ctry"], ["run", "nothere.ctry"], ["-c", "run nothere.ctry"]] {
      let result = try ctry(arguments)
      #expect(result.err == "no such script: nothere.ctry\n", "\(arguments): \(result.err)")
    }
    for arguments in [["outer.ctry"], ["run", "outer.ctry"]] {
      let result = try ctry(arguments)
      #expect(result.err.hasPrefix("lib/inner.ctry:1: unknown country"), "\(arguments): \(result.err)")
    }
  }

  @Test func nestedRunIsRelativeToTheCallingScript() throws {
    _ = try write("lib/inner.ctry", "echo inner got $1\nrun deeper.ctry\n")
    _ = try write("lib/deeper.ctry", "echo deeper\n")
    let outer = try write("outer.ctry", "run lib/inner.ctry Peru\necho back\nsource lib/deeper.ctry\n")
    let result = try ProcessRunner.ctry(["--data-dir", directory, outer], directory: directory)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "inner got Peru\ndeeper\nback\ndeeper\n")
  }

  @Test func cyclesAndDepthAreErrorsNotHangs() throws {
    _ = try write("a.ctry", "run b.ctry\n")
    let b = try write("b.ctry", "run a.ctry\n")
    let cycle = try ctry(["\(directory)/a.ctry"])
    #expect(cycle.status == 2)
    #expect(cycle.err.contains("script cycle:") && cycle.err.contains("a.ctry → "), "\(cycle.err)")
    _ = b
    let recursive = try write("self.ctry", "echo again\nrun self.ctry\n")
    let result = try ctry([recursive])
    #expect(result.status == 2)
    #expect(result.out == "again\n")
  }

  @Test func executableScriptsRunDirectly() throws {
    let script = try write("hello.ctry", "#!/usr/bin/env ctry\nsearch --capital $1 --format plain\n", executable: true)
    let binDirectory = (TestPaths.binary as NSString).deletingLastPathComponent
    let result = try Subprocess.run(
      script, ["helsinki"],
      environment: ["PATH": "\(binDirectory):/usr/bin:/bin", "HOME": directory, "LANG": "C.UTF-8"])
    #expect(result.out == "Finland\n")
    #expect(result.status == 0, "\(result.err)")
  }

  @Test func scriptsNeverReadTheTerminal() throws {
    let script = try write("careful.ctry", "favorites add Egypt\nfavorites remove Egypt\n")
    let result = try ctry([script])
    #expect(result.status == 1)
    #expect(result.err.contains("careful.ctry:2: favorites remove needs --yes in a script"))
  }

  @Test func missingScriptIsAClearError() throws {
    let result = try ctry(["nowhere.ctry"])
    #expect(result.status == 1)
    #expect(result.err == "no such script: nowhere.ctry\n")
  }

  @Test func initFileRunsFirstAndItsErrorsDoNotStopCtry() throws {
    _ = try write(
      "init.ctry",
      "alias nordic = search --subregion 'Northern Europe' --independent\nset format plain\ndetails Atlantis\n")
    let result = try ctry(["-c", "nordic --limit 2 --sort population"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "United Kingdom\nSweden\n")
    #expect(result.err.contains("init.ctry:3: unknown country 'Atlantis'"))
    let skipped = try ctry(["--no-init", "-c", "nordic"])
    #expect(skipped.status == 2)
  }

  @Test func pipedCommandsContinueAndSeeSettings() throws {
    let result = try ctry(
      [],
      stdin:
        "set format plain\ndetails Atlantis\nsearch --capital oslo\nset on-error stop\nserch\nsearch --capital lima\n")
    #expect(result.out == "Norway\n")
    #expect(result.status == 1)
  }

  /// An error, a note or a notice from a command piped on stdin names its line, as in a script;
  /// `-c` commands' stand alone.
  @Test func pipedCommandsNameTheirLine() throws {
    let piped = try ctry(["--format", "plain"], stdin: "details Egypt\ndetails Atlantis\n\ndetails swizerland\n")
    #expect(piped.status == 1)
    #expect(piped.err.hasPrefix("line 2: unknown country 'Atlantis'"), "\(piped.err)")
    #expect(piped.err.contains("\nline 4: taking 'Switzerland' for 'swizerland'"), "\(piped.err)")
    let commands = try ctry(["-c", "details Egypt", "-c", "details Atlantis"])
    #expect(commands.err.hasPrefix("unknown country 'Atlantis'"), "\(commands.err)")
  }
}
