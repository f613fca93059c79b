import CtryTestSupport
import Foundation
import Testing

/// Output that cannot be written is an error (one line on stderr, status 74), in
/// every mode; a reader that leaves early (`| head -1`) is not.
@Suite(.ownThread) struct WriteErrorTests {
  let directory = TestPaths.preparedDirectory()

  /// `ctry ARGUMENTS` through `sh -c` with `redirection` after it (`>/dev/full`, `>&-`), and `stdin`.
  func ctry(_ arguments: [String], redirection: String, stdin: String? = nil) throws -> Subprocess.Result {
    let words = [TestPaths.binary, "--data-dir", directory] + arguments
    let command = "exec " + words.map(TerminalSession.shellQuote).joined(separator: " ") + " " + redirection
    return try Subprocess.run(
      "/bin/sh", ["-c", command], stdin: stdin, environment: ["HOME": directory, "PATH": "/usr/bin:/bin"])
  }

  static let noSpace = "ctry: write error: No space left on device\n"

  @Test func aFullDiskIsAnErrorInEveryMode() throws {
    let command = try ctry(["--json", "search", "--region", "Europe"], redirection: ">/dev/full")
    #expect(command.status == 74)
    #expect(command.err == Self.noSpace, "\(command.err)")
    let commands = try ctry(["-c", "details Egypt", "-c", "favorites add Peru"], redirection: ">/dev/full")
    #expect(commands.status == 74)
    #expect(commands.err == Self.noSpace, "\(commands.err)")
    let script = "\(directory)/trip.ctry"
    try "details Egypt\nborders Egypt\n".write(toFile: script, atomically: true, encoding: .utf8)
    let scripted = try ctry([script], redirection: ">/dev/full")
    #expect(scripted.status == 74)
    #expect(scripted.err == Self.noSpace, "\(scripted.err)")
    let piped = try ctry([], redirection: ">/dev/full", stdin: "details Egypt\n")
    #expect(piped.status == 74)
    #expect(piped.err == Self.noSpace, "\(piped.err)")
    let help = try ctry(["--help"], redirection: ">/dev/full")
    #expect(help.status == 74)
    #expect(help.err == Self.noSpace, "\(help.err)")
  }

  @Test func aClosedStdoutIsAnError() throws {
    let result = try ctry(["details", "Egypt"], redirection: ">&-")
    #expect(result.status == 74)
    #expect(result.err == "ctry: write error: Bad file descriptor\n", "\(result.err)")
    #expect(try ctry(["favorites", "add", "Peru"], redirection: ">&-").status == 74, "'Added Peru' went nowhere")
  }

  @Test func aFullStderrMakesTheStatusNonZero() throws {
    let result = try ctry(["details", "Egypt"], redirection: "2>/dev/full")
    #expect(result.status == 0, "nothing was written to stderr")
    #expect(try ctry(["-c", "details Atlantis", "-c", "echo after"], redirection: "2>/dev/full").status == 74)
  }

  @Test func aReaderLeavingEarlyIsQuiet() throws {
    // The whole catalog in JSON is about 1 MB, far more than a pipe holds: ctry is still writing
    // when head exits, so its next write fails with EPIPE.
    let binary = TerminalSession.shellQuote(TestPaths.binary)
    let command =
      "{ \(binary) --data-dir \(TerminalSession.shellQuote(directory)) --json search; echo \"status $?\" >&2; }"
      + " | head -c 1 >/dev/null"
    let result = try Subprocess.run(
      "/bin/sh", ["-c", command], environment: ["HOME": directory, "PATH": "/usr/bin:/bin"])
    #expect(result.err == "status 0\n", "\(result.err)")
  }

  @Test(.enabled(if: TerminalSession.isAvailable, "needs tmux"))
  func theShellStopsWhenItsOutputCannotBeWritten() throws {
    let session = try TerminalSession(arguments: [], outputRedirection: ">/dev/full")
    #expect(session.exitStatus() == 74)
    try session.waitFor("ctry: write error: No space left on device")
  }
}
