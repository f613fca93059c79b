import CtryTestSupport
import Foundation
import Glibc
import Testing

/// Every file ctry reads, through the binary, when it is not what it should be: a FIFO is refused at
/// once (no wait for a writer), a link to `/dev/zero` or a file of gigabytes costs no memory, and
/// each gives one line. ctry runs under `ulimit -v`, so a read that grew without bound ends it
/// instead of the machine's memory; each run has a kill-after bound, so a wait for ever ends too,
/// but what a test passes on is ctry's own exit.
@Suite(.ownThread, .serialized, .tags(.slow)) struct FileReadingTests {
  let home = TestPaths.preparedDirectory()
  var data: String { "\(home)/.local/share/ctry" }
  var state: String { "\(home)/.local/state/ctry" }
  var config: String { "\(home)/.config/ctry" }

  init() throws {
    for directory in [data, state, config] {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
  }

  /// `ctry ARGUMENTS` in `home`'s XDG directories, under a 1 GB address-space limit.
  func ctry(_ arguments: [String], path: String = "/usr/bin:/bin") throws -> Subprocess.Result {
    let quoted = ([TestPaths.binary] + arguments).map(TerminalSession.shellQuote).joined(separator: " ")
    return try Subprocess.run(
      "/bin/sh", ["-c", "ulimit -v 1000000 && exec \(quoted)"],
      environment: ["HOME": home, "PATH": path, "LANG": "C.UTF-8", "TZ": "Africa/Cairo"],
      timeout: .seconds(120))
  }

  func fifo(_ path: String, mode: mode_t = 0o600) throws -> String {
    try #require(mkfifo(path, mode) == 0, "mkfifo \(path)")
    return path
  }

  func linkToZero(_ path: String) throws -> String {
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
    return path
  }

  func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

  @Test func aFIFOAsTheNetworkStatusIsOneLine() throws {
    let path = try fifo("\(state)/network.json")
    let result = try ctry(["--offline", "--no-init", "--format", "plain", "details", "Egypt"])
    #expect(!result.timedOut && result.status == 0 && result.out.contains("Cairo"), "\(result)")
    #expect(result.err == "ctry: ignoring \(path): it is a FIFO, not a regular file\n", "\(result.err)")
  }

  @Test func aLinkToDevZeroAsTheNetworkStatusIsOneLine() throws {
    let path = try linkToZero("\(state)/network.json")
    let result = try ctry(["--offline", "--no-init", "--format", "plain", "details", "Egypt"])
    #expect(!result.timedOut && result.status == 0 && result.out.contains("Cairo"), "\(result)")
    #expect(result.err == "ctry: ignoring \(path): it is a character device, not a regular file\n", "\(result.err)")
  }

  @Test func aFIFOAsTheAPIKeyIsOneLine() throws {
    let path = try fifo("\(config)/api-key")
    let result = try ctry(["-c", "set api-key"])
    #expect(!result.timedOut && result.status == 0 && result.out == "not set\n", "\(result)")
    #expect(result.err == "ctry: ignoring \(path): it is a FIFO, not a regular file\n", "\(result.err)")
  }

  @Test func aFIFOAsTheStartUpFileIsOneLine() throws {
    let path = try fifo("\(config)/init.ctry")
    let result = try ctry(["-c", "set format"])
    #expect(!result.timedOut && result.status == 0 && result.out == "table\n", "\(result)")
    #expect(lines(result.err).count == 1 && result.err.contains("\(path): it is a FIFO"), "\(result.err)")
  }

  /// `run FILE` and `ctry FILE.ctry`: a FIFO or `/dev/zero` is no script. (Piped stdin is a stream,
  /// and is read as one.)
  @Test func aFIFOOrDeviceAsAScriptIsOneLine() throws {
    let directory = TestPaths.temporaryDirectory()
    let pipe = try fifo("\(directory)/pipe.ctry")
    let zero = try linkToZero("\(directory)/zero.ctry")
    for arguments in [[pipe], ["run", pipe], [zero], ["run", zero], ["-c", "run \(pipe)"]] {
      let result = try ctry(["--no-init"] + arguments)
      #expect(!result.timedOut && result.status == 2, "\(arguments): \(result)")
      #expect(lines(result.err).count == 1 && result.err.contains("not a regular file"), "\(arguments): \(result.err)")
    }
    let piped = try Subprocess.run(
      TestPaths.binary, ["--no-init", "--format", "plain"], stdin: "echo from stdin\n",
      environment: ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], timeout: .seconds(120))
    #expect(piped.status == 0 && piped.out == "from stdin\n", "\(piped)")
  }

  /// `help` lists plugins with the summary their header gives, read only from a regular file: an
  /// executable FIFO named like a plugin is listed without one.
  @Test func anExecutableFIFOOnPathDoesNotHoldHelp() throws {
    let plugins = TestPaths.temporaryDirectory()
    _ = try fifo("\(plugins)/ctry-x", mode: 0o700)
    let result = try ctry(["help"], path: "\(plugins):/usr/bin:/bin")
    #expect(!result.timedOut && result.status == 0, "\(result)")
    #expect(result.out.contains("external command"), "\(result.out)")
    #expect(result.err.isEmpty, "\(result.err)")
  }

  /// History is read from its end, at most a bounded part of it, and a line longer than a command
  /// may be is never kept: a history of gigabytes (sparse here) costs nothing, and is trimmed.
  @Test func aHugeHistoryIsReadOnlyAtItsEnd() throws {
    let path = "\(state)/history"
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let file = try #require(FileHandle(forWritingAtPath: path))
    try file.truncate(atOffset: 2 << 30)
    try file.seekToEnd()
    let long = String(repeating: "x", count: 2 << 20)
    try file.write(contentsOf: Data("\ndetails Peru\n\(long)\nsearch land\n".utf8))
    try file.close()
    let result = try ctry(["--format", "plain", "history"])
    #expect(!result.timedOut && result.status == 0, "\(result.status) \(result.err)")
    #expect(result.out == "1\tdetails Peru\n2\tsearch land\n", "\(result.out.prefix(200))")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "details Peru\nsearch land\n", "trimmed")
  }
}
