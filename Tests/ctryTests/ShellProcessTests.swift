import CtryTestSupport
import Foundation
import Glibc
import Testing

/// The shell as a well-behaved process in a real terminal: signals at the prompt reach ctry alone,
/// a lost terminal ends it, libedit's own command line is out of reach.
@Suite(
  .ownThread, .serialized, .enabled(if: TerminalSession.isAvailable, "tmux is installed by Scripts/test"),
  .tags(.terminal))
struct ShellProcessTests {
  func start() throws -> (TerminalSession, Int32) {
    let session = try TerminalSession(environment: ["CTRY_HTTP_RETRIES": "1"])
    #expect(try session.waitFor("ctry> ").contains("ctry> "))
    let pid = try #require(session.ctryProcessID(), "ctry is running")
    return (session, pid)
  }

  func isAlive(_ pid: Int32) -> Bool { kill(pid, 0) == 0 }

  /// The wrapper that started ctry writes ctry's status when ctry ends: it survives, so nothing
  /// signalled the process group.
  @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
  func terminationAtThePromptEndsCtryAlone(_ signal: Int32, _ status: Int32) throws {
    let (session, pid) = try start()
    try session.type("details Egypt")
    try session.press("Enter")
    _ = try session.waitFor("Cairo")
    kill(pid, signal)
    #expect(session.exitStatus() == status, "the wrapper lived to report ctry's status")
    let state = try #require(session.terminalStateAfterExit())
    #expect(state.contains(" icanon") && state.contains(" echo"), "terminal restored: \(state)")
    let history = try String(contentsOfFile: "\(session.directory)/history", encoding: .utf8)
    #expect(history.contains("details Egypt"))
  }

  @Test func ctrlBackslashIsIgnoredAtThePrompt() throws {
    let (session, pid) = try start()
    // What Ctrl-\ sends to ctry (pressed here, it would also end the test's wrapper sh).
    kill(pid, SIGQUIT)
    try session.type("status")
    try session.press("Enter")
    // The signal was delivered before ctry read the line it answers.
    let screen = try session.waitFor("Favorites")
    #expect(screen.contains("Favorites"))
    #expect(isAlive(pid))
    #expect(!screen.lowercased().contains("crash"), "\(screen)")
  }

  @Test func aLostTerminalEndsTheShell() throws {
    let (session, pid) = try start()
    try session.closeTerminal()
    let deadline = Date().addingTimeInterval(120)  // a hang guard: the test waits for the exit
    while isAlive(pid), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    #expect(!isAlive(pid), "ctry left once its terminal was gone")
  }

  /// Alt-x opened libedit's own command line, where `"`, Enter, `c`, Space crashed libedit in
  /// 10–30 % of tries.
  @Test func libeditsCommandLineIsOutOfReach() throws {
    let (session, pid) = try start()
    for _ in 0..<50 {
      try session.press("M-x")
      try session.type("\"")
      try session.press("Enter")
      try session.type("c ")
      try session.press("C-c")
    }
    // The terminal discards typed-ahead input at each Ctrl-C: let the last one settle first.
    Thread.sleep(forTimeInterval: 1)
    #expect(isAlive(pid), "ctry survived 50 tries")
    try session.press("C-u")
    try expectAnswer(session)
  }

  /// Ctrl-S at the prompt stops nothing (IXON is off while the line editor reads: it used to stop
  /// the terminal's output, and typing on filled its buffer until only a kill got ctry back); the
  /// terminal has IXON again once ctry has left.
  @Test func ctrlSAtThePromptFreezesNothing() throws {
    let (session, _) = try start()
    try session.press("C-s")
    try session.type("details Japan")
    try session.press("Enter")
    #expect(try session.waitForPrompt(after: "Tokyo").contains("Tokyo"), "the shell answered after Ctrl-S")
    try session.press("C-d")
    let state = try #require(session.terminalStateAfterExit())
    #expect(state.contains(" ixon"), "IXON restored: \(state)")
  }

  /// After Ctrl-Z and `fg` in a shell with job control, the prompt and the line being typed are back
  /// at once, not at the next key, and editing goes on where it was.
  @Test func fgRedrawsThePromptAndTheLineAtOnce() throws {
    let session = try TerminalSession(environment: ["CTRY_HTTP_RETRIES": "1"], jobControl: true)
    _ = try session.waitFor("ctry> ")
    try session.type("details Jap")
    _ = try session.waitFor("ctry> details Jap")
    try session.press("C-z")
    #expect(try session.waitFor("Stopped").contains("Stopped"))
    try session.type("fg")
    try session.press("Enter")
    let lastLine = { (screen: String) in
      screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init)
    }
    let screen = try session.waitFor { lastLine($0) == "ctry> details Jap" }
    #expect(lastLine(screen) == "ctry> details Jap", "redrawn before any key: \(screen)")
    try session.press("Tab")
    try session.press("Enter")
    #expect(try session.waitFor("Tokyo").contains("Tokyo"), "the line was kept and completed")
  }

  /// Without line editing (TERM=dumb) Ctrl-Z and `fg` give the prompt back too, and the shell reads on.
  @Test func fgGivesThePlainPromptBack() throws {
    let session = try TerminalSession(environment: ["TERM": "dumb"], jobControl: true)
    _ = try session.waitFor("ctry> ")
    try session.press("C-z")
    #expect(try session.waitFor("Stopped").contains("Stopped"))
    try session.type("fg")
    try session.press("Enter")
    try waitForPrompt(2, in: session)
    try expectAnswer(session, "the shell reads on after fg")
  }

  /// Without line editing, Ctrl-C drops the line being typed and prompts again, as with it; the
  /// shell reads on, and SIGTERM at the prompt ends it with 143.
  @Test func ctrlCAtThePlainPromptStartsTheLineOver() throws {
    // In a job of its own, as a person's shell runs it, so Ctrl-C reaches ctry alone.
    let session = try TerminalSession(environment: ["TERM": "dumb"], jobControl: true)
    _ = try session.waitFor("ctry> ")
    try session.type("detai")
    try session.press("C-c")
    try waitForPrompt(2, in: session)
    try expectAnswer(session, "the shell reads on after Ctrl-C")
    try waitForPrompt(3, in: session)
    let pid = try #require(session.ctryProcessID())
    kill(pid, SIGTERM)
    #expect(session.exitStatus() == 143)
  }

  /// Types `details Japan` and expects Japan's card: the shell is still reading lines.
  private func expectAnswer(
    _ session: TerminalSession, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try session.type("details Japan")
    try session.press("Enter")
    #expect(try session.waitFor("Tokyo").contains("Tokyo"), comment, sourceLocation: sourceLocation)
  }

  /// Waits until the screen shows the `number`th `ctry> ` prompt (a failure if it never does).
  private func waitForPrompt(
    _ number: Int, in session: TerminalSession, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try session.waitFor(sourceLocation: sourceLocation) { $0.components(separatedBy: "ctry> ").count == number + 1 }
  }

  @Test func exitStatusesOutsideOneByteAreUsageErrors() throws {
    let directory = TestPaths.preparedDirectory()
    let wrapped = try ProcessRunner.ctry(["--data-dir", directory, "-c", "exit 256"])
    #expect(wrapped.status == 2)
    #expect(wrapped.err == "exit status must be from 0 to 255, got 256\n")
    #expect(try ProcessRunner.ctry(["--data-dir", directory, "-c", "exit -1"]).status == 2)
    #expect(try ProcessRunner.ctry(["--data-dir", directory, "-c", "exit 255"]).status == 255)
  }
}
