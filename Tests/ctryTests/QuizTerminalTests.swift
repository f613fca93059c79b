import CtryTestSupport
import Foundation
import Testing

/// `quiz` at a terminal: answers typed at the shell's prompt, and Ctrl-C ending it with the score.
@Suite(
  .ownThread, .serialized, .enabled(if: TerminalSession.isAvailable, "tmux is installed by Scripts/test"),
  .tags(.terminal))
struct QuizTerminalTests {
  /// In the shell: a typed answer is judged; Ctrl-C ends the quiz with the score so far, and the shell
  /// lives on.
  @Test func inTheShellCtrlCEndsItWithTheScore() throws {
    let session = try TerminalSession()
    _ = try session.waitFor("ctry> ")
    try session.type("quiz capitals --count 3 --seed 1")
    try session.press("Enter")
    _ = try session.waitFor("1/3 Capital of Mexico? ")
    try session.type("Mexico City")
    try session.press("Enter")
    _ = try session.waitFor("2/3 Capital of Saint Helena")
    #expect(try session.screen().contains("Right: Mexico City."))
    try session.press("C-c")
    let screen = try session.waitForPrompt(after: "Score: 1/1")
    #expect(!screen.contains("cancelled"), "\(screen)")
    try session.type("details Japan")
    try session.press("Enter")
    #expect(try session.waitFor("Tokyo").contains("Tokyo"))
  }

  /// One command from a terminal: the flag is drawn above the question, as `flag` draws it; Ctrl-C
  /// ends the quiz with the score so far and status 130.
  @Test func oneShotCtrlCEndsItWithStatus130() throws {
    // Started by an interactive bash, as a person would: Ctrl-C reaches ctry's process group alone.
    let session = try TerminalSession(arguments: ["quiz", "flags", "--count", "3", "--seed", "1"], jobControl: true)
    let question = try session.waitFor("1/3 Which country has this flag?")
    #expect(question.contains("▀") && !question.contains("🇲🇽"), "\(question)")
    #expect(try session.screen(escapes: true).contains("48;5;"))
    try session.type("Mexique")
    try session.press("Enter")
    _ = try session.waitFor("2/3 Which country")
    try session.press("C-c")
    let screen = try session.waitFor("Score: 1/1")
    #expect(screen.contains("Right: Mexico."), "\(screen)")
    #expect(session.exitStatus() == 130)
  }
}
