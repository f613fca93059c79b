import CtryTestSupport
import Foundation
import Testing

/// Line editing that must never lose what was typed, and questions that Ctrl-C answers: a real
/// pseudo-terminal (tmux), real keys, the screen read back.
@Suite(
  .ownThread, .serialized, .enabled(if: TerminalSession.isAvailable, "tmux is installed by Scripts/test"),
  .tags(.terminal))
struct InteractiveEditingTests {
  func start(_ directory: String = TestPaths.preparedDirectory(), height: Int = 40) throws -> TerminalSession {
    let session = try TerminalSession(directory: directory, environment: ["CTRY_HTTP_RETRIES": "1"], height: height)
    #expect(try session.waitFor("ctry> ").contains("ctry> "))
    return session
  }

  /// Types `details Japan` and expects the shell, still running, to answer it.
  func stillAnswers(_ session: TerminalSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try session.type("details Japan")
    try session.press("Enter")
    let screen = try session.waitFor { $0.contains("Tokyo") || session.exitStatus(timeout: 0) != nil }
    #expect(session.exitStatus(timeout: 0) == nil, "ctry is still running: \(screen)", sourceLocation: sourceLocation)
    #expect(screen.contains("Tokyo"), "\(screen)", sourceLocation: sourceLocation)
  }

  /// Types `line`, presses Tab twice, and returns the prompt line afterwards.
  func tabTwice(_ session: TerminalSession, after line: String) throws -> String {
    try session.type(line)
    _ = try session.waitFor { $0.contains(line.trimmingCharacters(in: .whitespaces)) }
    try session.press("Tab")
    Thread.sleep(forTimeInterval: 0.3)
    try session.press("Tab")
    Thread.sleep(forTimeInterval: 0.3)
    return try session.promptLine()
  }

  @Test(arguments: [
    "details Egypt --json ", "details Egypt --live ", "details Egypt --format csv ", "borders Egypt --depth 2 ",
    "details Egypt --json", "details united kingdom --format ",
  ])
  func tabNeverDeletesTypedFlags(_ line: String) throws {
    let session = try start()
    let after = try tabTwice(session, after: line)
    #expect(after.hasPrefix("ctry> " + line.trimmingCharacters(in: .whitespaces)), "\(line) became \(after)")
    try session.press("C-u")
  }

  /// At a `[y/N]` question Ctrl-C cancels the command (`^C cancelled`, status 130) and Ctrl-D answers
  /// no, saying so (status 1); either way nothing changes and the next line is a command again.
  @Test func ctrlCAtAConfirmationCancelsAndCtrlDAnswersNo() throws {
    let directory = TestPaths.preparedDirectory()
    #expect(try ProcessRunner.ctry(["--data-dir", directory, "favorites", "add", "Egypt"]).status == 0)
    let session = try start(directory)
    try session.type("favorites remove Egypt")
    try session.press("Enter")
    _ = try session.waitFor("[y/N]")
    try session.press("C-c")
    let screen = try session.waitFor {
      $0.contains("^C cancelled") && $0.hasSuffix("ctry> ") || $0.contains("\nctry> \n")
    }
    #expect(screen.contains("Remove Egypt from favorites? [y/N]"), "the question stays readable: \(screen)")
    #expect(screen.contains("^C cancelled"), "\(screen)")
    // The next line is a command again, not the answer.
    try session.type("status")
    try session.press("Enter")
    #expect(try session.waitFor("Favorites").contains("1/5"), "Egypt is still a favorite")
    try session.type("favorites remove Egypt")
    try session.press("Enter")
    _ = try session.waitFor { $0.components(separatedBy: "[y/N]").count == 3 }
    try session.press("C-d")
    let answered = "Remove Egypt from favorites? [y/N] no\nnothing was changed\nctry> "
    let second = try session.waitFor { $0.contains(answered) }
    #expect(second.contains(answered), "Ctrl-D answers no: \(second)")
    #expect(second.components(separatedBy: "^C cancelled").count == 2, "only Ctrl-C cancels: \(second)")
    try session.type("echo still here")
    try session.press("Enter")
    #expect(try session.waitFor("\nstill here").contains("\nstill here"), "the shell stayed")
    let list = try ProcessRunner.ctry(["--data-dir", directory, "--format", "plain", "favorites"])
    #expect(list.out == "Egypt\n")
  }

  /// Under a French locale, Tab completes a country's name in French, and the line runs in French.
  @Test func tabCompletesNamesInTheLocalesLanguage() throws {
    let session = try TerminalSession(environment: ["LANG": "fr_FR.UTF-8"])
    _ = try session.waitFor("ctry> ")
    try session.type("borders Allem")
    try session.press("Tab")
    #expect(try session.waitFor("borders Allemagne").contains("ctry> borders Allemagne"))
    try session.press("Enter")
    #expect(try session.waitFor("Autriche").contains("Danemark"))
  }

  @Test func favoritesRemoveCompletesTheFavorites() throws {
    let directory = TestPaths.preparedDirectory()
    #expect(try ProcessRunner.ctry(["--data-dir", directory, "favorites", "add", "Egypt", "Japan"]).status == 0)
    let session = try start(directory)
    try session.type("favorites remove ")
    try session.press("Tab")
    Thread.sleep(forTimeInterval: 0.3)
    try session.press("Tab")
    let screen = try session.waitFor { $0.contains("Japan") }
    #expect(screen.contains("Egypt") && screen.contains("Japan"))
    #expect(!screen.contains("Afghanistan"), "only the favorites: \(screen)")
    try session.type("J")
    try session.press("Tab")
    #expect(try session.waitFor("remove Japan ").contains("ctry> favorites remove Japan "))
  }

  @Test func setCompletesSettingNamesAndValues() throws {
    let session = try start()
    try session.type("set for")
    try session.press("Tab")
    #expect(try session.waitFor("set format ").contains("ctry> set format "))
    try session.type("js")
    try session.press("Tab")
    #expect(try session.waitFor("set format json ").contains("ctry> set format json "))
    try session.press("C-u")
    try session.type("set on-error c")
    try session.press("Tab")
    #expect(try session.waitFor("on-error continue ").contains("ctry> set on-error continue "))
  }

  @Test func aLongListAsksBeforeItIsShown() throws {
    let session = try start(height: 24)
    try session.type("details ")
    try session.press("Tab")
    Thread.sleep(forTimeInterval: 0.3)
    try session.press("Tab")
    let question = try session.waitFor("possibilities")
    #expect(question.contains("Display all 250 possibilities? (y or n)"), "\(question)")
    #expect(!question.contains("Zimbabwe"))
    try session.type("n")
    // The line is kept: the prompt comes back below the question, as the screen's last line (the line
    // above the question reads the same, so only the last line tells that the answer was read).
    func lastLine(_ screen: String) -> Substring? {
      screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }
    let after = try session.waitFor { lastLine($0)?.hasPrefix("ctry> details") == true }
    #expect(!after.contains("Zimbabwe"), "declined: nothing listed")
    #expect(after.contains("possibilities? (y or n)"), "the question stays above the line: \(after)")
    try session.press("Tab")  // the list was asked for already: the question comes again at once
    _ = try session.waitFor { $0.components(separatedBy: "possibilities").count == 3 }
    try session.type("y")
    #expect(try session.waitFor("Zimbabwe").contains("Zimbabwe"))
  }

  @Test func openQuotesAndTrailingBackslashesContinueOnTheNextLine() throws {
    let session = try start()
    try session.type("details united \\")
    try session.press("Enter")
    _ = try session.waitFor("…> ")
    try session.type("kingdom")
    try session.press("Enter")
    #expect(try session.waitFor("London").contains("London"))
    try session.type("details 'new")
    try session.press("Enter")
    _ = try session.waitFor { $0.components(separatedBy: "…> ").count == 3 }
    try session.type("zealand'")
    try session.press("Enter")
    #expect(try session.waitFor("Wellington").contains("Wellington"))
  }

  /// Typed characters of two to four bytes are read whole (ctry reads each character for libedit,
  /// see `EditLineEditor.readCharacter`).
  @Test func charactersOfSeveralBytesAreReadWhole() throws {
    let session = try start()
    try session.type("details Curaçao")
    try session.press("Enter")
    #expect(try session.waitFor("Willemstad").contains("Willemstad"))
    try session.type("details 日本")
    try session.press("Enter")
    #expect(try session.waitFor("Tokyo").contains("Tokyo"))
    try session.type("echo 🇪🇬")
    try session.press("Enter")
    #expect(try session.waitFor("\n🇪🇬").contains("\n🇪🇬"))
  }

  /// Bytes that are no UTF-8 character are dropped as they are read, whatever key acts on the line
  /// next: 6- and 5-byte forms, a value past U+10FFFF, a surrogate, an overlong form, bytes that never
  /// start a character, a stray continuation byte. The shell answers the next line.
  @Test(
    arguments: [
      ([0xFC, 0x86, 0xA4, 0x91, 0xBA, 0xAB], "Enter"), ([0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF], "Tab"),
      ([0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF], "Left"), ([0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF], "C-a"),
      ([0xF8, 0x88, 0x80, 0x80, 0x80], "Enter"), ([0xF4, 0x90, 0x80, 0x80], "Enter"), ([0xED, 0xA0, 0x80], "Tab"),
      ([0xC0, 0xAF, 0xFE, 0xFF, 0xBF], "Enter"),
    ] as [([UInt8], String)])
  func bytesThatAreNoCharacterAreDropped(_ bytes: [UInt8], _ key: String) throws {
    let session = try start()
    try session.send(bytes: bytes)
    try session.press(key)
    try stillAnswers(session)
  }

  /// A character cut short by the next key loses only its own bytes: the key is kept.
  @Test func theKeyAfterACutShortCharacterIsKept() throws {
    let session = try start()
    try session.send(bytes: [0xE2, 0x82])
    try session.type("details Japan")
    try session.press("Enter")
    let screen = try session.waitForPrompt(after: "details Japan")
    #expect(screen.contains("ctry> details Japan\n"), "\(screen)")
    #expect(screen.contains("Tokyo"), "\(screen)")
  }

  /// Ctrl-C while a key waits for a key of its own (Ctrl-R's search) starts the line over, as at the
  /// prompt; the shell stays.
  @Test func ctrlCInASearchStartsTheLineOver() throws {
    let session = try start()
    try session.type("deta")
    try session.press("C-r")
    _ = try session.waitFor("(reverse-i-search)")
    try session.press("C-c")
    _ = try session.waitForPrompt(after: "^C")
    try stillAnswers(session)
  }

  /// libedit's copy-previous-word (Alt-Ctrl-_, and the character U+009F its emacs map binds the same
  /// way) wrote through a pointer into the line after growing it: neither key reaches it, on a line
  /// long enough to grow.
  @Test(arguments: [[0x1B, 0x1F], [0xC2, 0x9F]] as [[UInt8]])
  func copyPreviousWordIsOutOfReach(_ key: [UInt8]) throws {
    let session = try start()
    try session.type(String(repeating: "a", count: 1_000) + " " + String(repeating: "b", count: 30))
    _ = try session.waitFor("bbbbbbbbbb")
    try session.send(bytes: Array(Array(repeating: key, count: 12).joined()))
    try session.press("C-u")
    try stillAnswers(session)
  }

  /// On a line longer than the screen, moving the cursor to the start and back to the end, then
  /// typing on, left libedit's idea of the screen behind the cursor, and its next line break wrote
  /// past its rows. The cursor keys redraw the line instead.
  @Test(arguments: [("C-a", "C-e"), ("Home", "End")])
  func typingOnALineLongerThanTheScreen(_ away: String, _ back: String) throws {
    let session = try start()
    try session.type(String(repeating: "a ", count: 2_100))
    try session.press(away)
    try session.press(back)
    try session.type(String(repeating: "b", count: 300))
    try session.press("C-u")
    try stillAnswers(session)
  }

  /// The cursor's keys move where a person expects, on wide characters too: by a character (arrows,
  /// Ctrl-B, Ctrl-F), a word (Alt-b, Alt-f) and to either end (Ctrl-A, Ctrl-E, Home, End).
  @Test func cursorKeysMoveWithinTheLine() throws {
    let session = try start()
    try session.type("details Jpan")
    try session.press("Left", "Left", "Left")
    try session.type("a")
    try session.press("End")
    try session.type(" --json")
    try session.press("M-b", "C-b", "C-k", "C-a", "Right", "C-f", "C-b", "C-b")
    try session.press("Enter")
    #expect(try session.waitForPrompt(after: "Tokyo").contains("Tokyo"), "the line was 'details Japan'")
    try session.type("etails 日本")
    try session.press("Home")
    try session.type("d")
    try session.press("C-e", "M-b", "M-f", "Left", "Left", "Right", "Right")
    try session.press("Enter")
    let screen = try session.waitForPrompt(after: "details 日本")
    #expect(screen.components(separatedBy: "ctry> details 日本").last?.contains("Tokyo") == true)
  }

  /// Ctrl-R finds as the text is typed, in any case; Ctrl-G gives the line back; another key (End)
  /// ends the search on the line found, with the prompt back, and Enter runs it.
  @Test func ctrlRSearchesAsYouTypeAndCtrlGGivesTheLineBack() throws {
    let session = try start()
    for (line, answer) in [("details Japan", "Tokyo"), ("details Peru", "Lima")] {
      try session.type(line)
      try session.press("Enter")
      _ = try session.waitForPrompt(after: answer)
    }
    try session.type("stat")
    try session.press("C-r")
    try session.type("JAP")
    #expect(try session.waitFor("(reverse-i-search)`JAP': details Japan").contains("details Japan"))
    try session.press("C-g")
    #expect(lastLine(try session.waitFor { lastLine($0) == "ctry> stat" }) == "ctry> stat")
    try session.press("C-u", "C-r")
    try session.type("per")
    _ = try session.waitFor("`per': details Peru")
    try session.press("End")
    try session.type(" ")
    #expect(lastLine(try session.waitFor { lastLine($0) == "ctry> details Peru" }) == "ctry> details Peru")
    try session.press("Enter")
    let ran = try session.waitForPrompt(after: "Lima")
    #expect(
      ran.components(separatedBy: "ctry> details Peru").last?.contains("Lima") == true, "the line found ran")
  }

  /// The last line of `screen` that is not blank, without spaces around it.
  func lastLine(_ screen: String) -> String {
    let line = screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    return line.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
  }
}
