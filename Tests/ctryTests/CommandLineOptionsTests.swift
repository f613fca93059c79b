import CtryTestSupport
import Foundation
import Glibc
import Testing

/// ctry's own options, before the command: every mistake reads like every other error of ctry's (one
/// lowercase line on stderr with a hint, status 2), never a message of the argument parser's; and
/// `--data-dir` makes at most one directory, in one of the user's own.
@Suite(.ownThread) struct CommandLineOptionsTests {
  /// Mistakes found by trying combinations of flags, missing and attached values, repeats, unknown
  /// short and long flags and empty words.
  static let mistakes: [[String]] = [
    ["-c"], ["--offline", "-c"], ["-c", "details Egypt", "-c"], ["--format"], ["--format", ""], ["--format", "xml"],
    ["--format="], ["--format=yaml"], ["--format", "json", "--format"], ["--json=1"], ["--no-init=yes"],
    ["--no-color="], ["--offline=1"], ["-x"], ["-xyz"], ["-j"], ["-hc"], ["--bogus"], ["--jsn"], ["--c"], ["---"],
    ["---x"], ["-="], ["--="], ["-"], ["--data-dir"], ["--data-dir", ""], ["--data-dir="], ["--api"],
    ["--api", "ftp://example.org"], ["--api-version"], ["--api-version", "v9"], ["--api-version="], ["-h=1"],
    ["--help=1"], ["--version=2"], [""], ["-ch", "x"], ["-c", "details Egypt", "search"], ["-cfoo", "bar"],
    ["--json", "-c", "help", "details"], ["---completion"], ["--generate-completion-script"],
    ["--generate-completion-script", "tcsh"],
  ]

  @Test(arguments: mistakes)
  func aMistakeIsOneLowercaseLineWithAHint(_ arguments: [String]) throws {
    let result = try ProcessRunner.ctry(["--data-dir", TestPaths.preparedDirectory(), "--offline"] + arguments)
    let shown = arguments.map { "'\($0)'" }.joined(separator: " ")
    #expect(result.status == 2, "\(shown): status \(result.status), \(result.err)")
    let lines = result.err.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 && lines[1].isEmpty, "\(shown): one line, got \(result.err.debugDescription)")
    let first = lines.first.map(String.init) ?? ""
    #expect(first.first.map { !$0.isUppercase } == true, "\(shown): lowercase, got \(first)")
    #expect(first.contains(" — "), "\(shown): a hint after the dash, got \(first)")
    #expect(!first.contains("Internal error") && !first.contains("Missing value"), "\(shown): \(first)")
    #expect(result.out.isEmpty, "\(shown): nothing on stdout, got \(result.out)")
  }

  /// What the options mean: `--` ends them, a value may be attached, the same `--format` twice is
  /// one (different ones are a usage error: `EndToEndTests.conflictingOutputFlagsAreAUsageError`).
  @Test func optionsReadAsGetoptReadsThem() throws {
    let directory = TestPaths.temporaryDirectory()
    let ended = try ProcessRunner.ctry(["--data-dir", directory, "--format", "plain", "--", "details", "Egypt"])
    #expect(ended.status == 0 && ended.out.contains("Egypt"), "\(ended.err)")
    let attached = try ProcessRunner.ctry(["--data-dir=\(directory)", "--format=csv", "-cdetails Egypt"])
    #expect(attached.status == 0 && attached.out.hasPrefix("field,value\r\n"), "\(attached.err)")
    let last = try ProcessRunner.ctry(
      ["--data-dir", directory, "--format", "plain", "--format=plain", "-c", "search --capital cairo"])
    #expect(last.status == 0 && last.out == "Egypt\n", "\(last.out)\(last.err)")
  }

  /// ctry's options and a command's flags are one grammar: a mistake in an output flag reads the same
  /// before the command as after it, but for the hint, which each gives.
  @Test(arguments: [["--format", "xml"], ["--format=yaml"], ["--format", ""], ["--json=1"], ["--no-color=no"]])
  func anOutputFlagReadsTheSameBeforeAndAfterTheCommand(_ flags: [String]) throws {
    let directory = TestPaths.temporaryDirectory()
    let before = try ProcessRunner.ctry(["--data-dir", directory] + flags)
    let after = try ProcessRunner.ctry(["--data-dir", directory, "status"] + flags)
    #expect(before.status == 2 && after.status == 2, "\(flags)")
    let message = { (err: String) in err.components(separatedBy: " — ").first ?? err }
    #expect(message(before.err) == message(after.err), "\(flags): \(before.err)\(after.err)")
    #expect(before.err.hasSuffix(" — see 'ctry --help'\n"), "\(flags): \(before.err)")
    #expect(after.err.contains(" — usage: status"), "\(flags): \(after.err)")
  }

  /// `--api-version` takes what `CTRY_API_VERSION` takes (`V2`, `v3` for v3.1): the binder offers
  /// the versions to complete but leaves the reading to the server's settings.
  @Test(arguments: ["V2", "v3", "v3.1"])
  func anAPIVersionIsReadAsTheSettingReadsIt(_ version: String) throws {
    let result = try ProcessRunner.ctry(
      ["--data-dir", TestPaths.preparedDirectory(), "--offline", "--api-version", version, "status"])
    #expect(result.status == 0, "\(version): \(result.err)")
  }

  /// `--data-dir` makes a missing directory only inside an existing one of the user's own, and only
  /// that one (mode 0700); a deeper path, a file, or a directory of someone else's is refused.
  @Test func dataDirIsMadeOnlyInADirectoryOfYourOwn() throws {
    let base = TestPaths.temporaryDirectory()
    let made = try ProcessRunner.ctry(["--data-dir", "\(base)/new", "-c", "favorites add Peru"])
    #expect(made.status == 0, "\(made.err)")
    let mode = try FileManager.default.attributesOfItem(atPath: "\(base)/new")[.posixPermissions] as? Int
    #expect(mode == 0o700)

    let deep = try ProcessRunner.ctry(["--data-dir", "\(base)/a/b/c", "-c", "status"])
    #expect(deep.status == 2)
    #expect(deep.err.hasPrefix("--data-dir \(base)/a/b/c does not exist, and neither does \(base)/a/b — "))
    #expect(!FileManager.default.fileExists(atPath: "\(base)/a"), "no tree of directories")

    try "".write(toFile: "\(base)/file", atomically: true, encoding: .utf8)
    let file = try ProcessRunner.ctry(["--data-dir", "\(base)/file", "-c", "status"])
    #expect(file.status == 2 && file.err.hasPrefix("--data-dir \(base)/file is not a directory — "))

    // Root owns every directory it makes: give one away to have a directory that is not its own.
    let others: String
    if getuid() == 0 {
      others = "\(base)/others"
      try FileManager.default.createDirectory(atPath: others, withIntermediateDirectories: false)
      #expect(chown(others, 65534, 65534) == 0)
    } else {
      others = "/"
    }
    let foreign = "\(others == "/" ? "" : others)/ctry-test-\(UUID().uuidString)"
    let refused = try ProcessRunner.ctry(["--data-dir", foreign, "-c", "status"])
    #expect(refused.status == 2)
    #expect(refused.err.contains("is not yours to make it in — "), "\(refused.err)")
    #expect(!FileManager.default.fileExists(atPath: foreign))
  }
}
