import CtryTestSupport
import Foundation
import Testing

/// The shell as a person meets it: a real pseudo-terminal (tmux), real keys, the screen read back.
@Suite(
  .ownThread, .serialized, .enabled(if: TerminalSession.isAvailable, "tmux is installed by Scripts/test"),
  .tags(.terminal, .network))
struct InteractiveShellTests {
  func start(_ directory: String = TestPaths.preparedDirectory(), arguments: [String] = []) throws -> TerminalSession {
    let session = try TerminalSession(
      arguments: arguments, directory: directory, environment: ["CTRY_HTTP_RETRIES": "1"])
    let screen = try session.waitFor("ctry> ")
    #expect(screen.contains("ctry> "), "no prompt: \(screen)")
    return session
  }

  @Test func bannerOnlyInteractive() throws {
    let session = try start()
    let screen = try session.screen()
    #expect(screen.contains("ctry 0.1.0") && screen.contains("250 countries"))
  }

  /// `clear` empties the screen and leaves the prompt at the top, as the shell's `clear` does.
  @Test func clearClearsTheScreen() throws {
    let session = try start()
    try session.type("details Egypt")
    try session.press("Enter")
    _ = try session.waitFor("Cairo")
    try session.type("clear")
    try session.press("Enter")
    let screen = try session.waitFor { $0.hasPrefix("ctry> ") && !$0.contains("Cairo") }
    #expect(screen.hasPrefix("ctry> ") && !screen.contains("Cairo"), "\(screen)")
    #expect(!screen.contains("unknown command"), "\(screen)")
  }

  @Test func tabCompletesACountryAndEnterShowsItsCard() throws {
    let session = try start()
    try session.type("details Germ")
    try session.press("Tab")
    let line = try session.waitFor { $0.contains("ctry> details Germany") }
    #expect(line.contains("ctry> details Germany"))
    try session.press("Enter")
    #expect(try session.waitFor("Berlin").contains("Capital          Berlin"))
  }

  @Test func secondTabListsTheCandidates() throws {
    let session = try start()
    try session.type("details united")
    try session.press("Tab")
    _ = try session.waitFor("details 'United ")
    try session.press("Tab")
    let screen = try session.waitFor { $0.contains("United Kingdom") && $0.contains("United Arab Emirates") }
    for name in ["United Kingdom", "United States", "United Arab Emirates"] {
      #expect(screen.contains(name), "\(name) missing from \(screen)")
    }
    #expect(try session.promptLine().hasPrefix("ctry> details 'United"), "the line is kept under the list")
  }

  @Test func flagValuesAndDiacritics() throws {
    let session = try start()
    try session.type("search --region As")
    try session.press("Tab")
    #expect(try session.waitFor("--region Asia ").contains("ctry> search --region Asia "))
    try session.press("C-u")
    try session.type("details cote")
    try session.press("Tab")
    #expect(try session.waitFor("Ivoire").contains(#"details "Côte d'Ivoire" "#))
    try session.press("Enter")
    #expect(try session.waitFor("Yamoussoukro").contains("Yamoussoukro"))
  }

  @Test func historyIsRecalledInTheNextSession() throws {
    let directory = TestPaths.preparedDirectory()
    do {
      let first = try start(directory)
      try first.type("search --capital oslo")
      try first.press("Enter")
      try first.waitForPrompt(after: "Norway")
      try first.press("C-d")
      #expect(first.exitStatus() == 0)
    }
    let second = try start(directory)
    try second.press("Up")
    #expect(try second.waitFor("ctry> search --capital oslo").contains("ctry> search --capital oslo"))
    let history = try String(contentsOfFile: "\(directory)/history", encoding: .utf8)
    #expect(history == "search --capital oslo\n")
  }

  /// A signed URL's signature is a secret: the line that sets it is not kept, and what is shown
  /// hides it.
  @Test func aSignedURLTypedAtThePromptIsNeverKeptInHistory() throws {
    let directory = TestPaths.preparedDirectory()
    do {
      let session = try start(directory)
      try session.type("set api 'https://mirror.example/v3.1?X-Amz-Signature=s1gnature&X-Amz-Date=20260101'")
      try session.press("Enter")
      try session.waitForPrompt(after: "mirror.example")
      try session.type("status")
      try session.press("Enter")
      // What `status` printed, below the line typed.
      let shown = try session.waitForPrompt(after: "Home ").components(separatedBy: "ctry> status").last ?? ""
      #expect(shown.contains("X-Amz-Signature=***&X-Amz-Date=20260101") && !shown.contains("s1gnature"), "\(shown)")
      try session.press("C-d")
      #expect(session.exitStatus() == 0)
    }
    let history = try String(contentsOfFile: "\(directory)/history", encoding: .utf8)
    #expect(history == "status\n", "\(history)")
  }

  @Test func anAPIKeyTypedAtThePromptIsSavedButNeverKeptInHistory() throws {
    let directory = TestPaths.preparedDirectory()
    let server = try FakeRestCountriesServer(
      v31Records: try #require(FileManager.default.contents(atPath: TestPaths.dataset)))
    defer { server.stop() }
    do {
      let session = try start(directory, arguments: ["--api", server.v5URL])
      try session.type("set api-key \(server.v5Key)")
      try session.press("Enter")
      _ = try session.waitFor("API key saved")
      try session.type("refresh")
      try session.press("Enter")
      #expect(try session.waitForPrompt(after: "Refreshed").contains("Refreshed 250 countries"))
      try session.press("C-d")
      #expect(session.exitStatus() == 0)
    }
    let history = try String(contentsOfFile: "\(directory)/history", encoding: .utf8)
    #expect(history == "refresh\n")
    let second = try start(directory, arguments: ["--api", server.v5URL])
    try second.press("Up")
    try second.press("Up")
    #expect(!(try second.promptLine()).contains("api-key"))
    try second.press("C-u")
    try second.type("status")
    try second.press("Enter")
    let screen = try second.waitFor("API key")
    #expect(screen.contains("set (…cdef)") && !screen.contains(server.v5Key))
  }

  /// History is judged on the words a line runs as: no spelling of `set api-key` is kept.
  @Test func noSpellingOfTheAPIKeySettingIsKeptInHistory() throws {
    let directory = TestPaths.preparedDirectory()
    do {
      let session = try start(directory)
      for line in [
        #"set api\-key secret-1"#, #"set "api"'-key' secret-2"#, "alias kk = set api-key secret-3",
        "alias sk = set api-key", "sk secret-4",
        "set which api-key", "set ${which} secret-5", "echo done",
      ] {
        try session.type(line)
        try session.press("Enter")
      }
      _ = try session.waitForPrompt(after: "done")
      try session.press("C-d")
      #expect(session.exitStatus() == 0)
    }
    let history = try String(contentsOfFile: "\(directory)/history", encoding: .utf8)
    #expect(!history.contains("secret"), "\(history)")
    #expect(history.hasSuffix("echo done\n"), "\(history)")
  }

  /// Returns once the command typed has reached the server (its request is in flight), so Ctrl-C
  /// lands on the running command, not on the prompt before it; a 120 s hang guard.
  static func waitForARequest(to server: FakeRestCountriesServer) throws {
    let deadline = Date().addingTimeInterval(120)
    while server.requests.isEmpty {
      guard Date() < deadline else { throw CancellationError() }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  /// A command waiting on a server that does not answer (a live lookup) is cancelled by Ctrl-C.
  @Test func ctrlCCancelsARunningCommandAndTheShellLivesOn() throws {
    let server = try FakeRestCountriesServer(
      v31Records: try #require(FileManager.default.contents(atPath: TestPaths.dataset)))
    defer { server.stop() }
    server.setFault(.slow(seconds: 30))
    let session = try start(arguments: ["--api", "\(server.baseURL)/v3.1"])
    try session.type("details Egypt --live")
    try session.press("Enter")
    try Self.waitForARequest(to: server)
    try session.press("C-c")
    #expect(try session.waitFor("cancelled").contains("^C cancelled"))
    try session.type("details Egypt")
    try session.press("Enter")
    #expect(try session.waitFor("Cairo").contains("Cairo"))
  }

  /// Ctrl-C ends a script run from the prompt before its next line, as it ends one piped or `-c`.
  @Test func ctrlCCancelsARunningScript() throws {
    let directory = TestPaths.preparedDirectory()
    let script = "\(directory)/long.ctry"
    let lines = "echo started\n" + String(repeating: "set v value\n", count: 1_000_000) + "echo finished\n"
    try lines.write(toFile: script, atomically: true, encoding: .utf8)
    let session = try start(directory)
    try session.type("run \(script)")
    try session.press("Enter")
    _ = try session.waitFor("started")
    try session.press("C-c")
    let screen = try session.waitForPrompt(after: "cancelled")
    #expect(screen.components(separatedBy: "^C cancelled").count == 2, "said once: \(screen)")
    #expect(!screen.contains("finished"), "\(screen)")
    try session.type("details Japan")
    try session.press("Enter")
    #expect(try session.waitFor("Tokyo").contains("Tokyo"))
  }

  @Test func ctrlCAtThePromptClearsTheLine() throws {
    let session = try start()
    try session.type("details Fra")
    // Each step waits for its event: the typed text shown, then the ^C line (the prompt alone
    // would match before either).
    _ = try session.waitFor("ctry> details Fra")
    try session.press("C-c")
    _ = try session.waitFor("^C")
    try session.type("details Peru")
    try session.press("Enter")
    let screen = try session.waitFor("Lima")
    #expect(screen.contains("Lima") && !screen.contains("FraPeru"), "\(screen)")
  }

  @Test func ctrlDExitsZeroAndRestoresTheTerminal() throws {
    let session = try start()
    try session.press("C-d")
    #expect(session.exitStatus() == 0)
    let stty = session.terminalStateAfterExit() ?? ""
    #expect(stty.contains(" echo ") || stty.contains(" echo\n"), "echo restored: \(stty)")
    #expect(stty.contains(" icanon"), "canonical mode restored: \(stty)")
  }

  @Test func exitCommandAndErrorsKeepTheShellAlive() throws {
    let session = try start()
    try session.type("serch x")
    try session.press("Enter")
    #expect(try session.waitFor("did you mean 'search'?").contains("did you mean 'search'?"))
    try session.type("exit 3")
    try session.press("Enter")
    #expect(session.exitStatus() == 3)
  }

  @Test func offlineMarkerAfterAFailedRefreshUntilTheNextSuccess() throws {
    let directory = TestPaths.preparedDirectory()
    let server = try FakeRestCountriesServer(
      v31Records: try #require(FileManager.default.contents(atPath: TestPaths.dataset)))
    let api = ["--api", "\(server.baseURL)/v3.1"]
    #expect(try ProcessRunner.ctry(["--data-dir", directory] + api + ["refresh"]).status == 0)
    server.setFault(.alwaysStatus(503))
    let session = try start(directory, arguments: api)
    try session.type("refresh")
    try session.press("Enter")
    #expect(try session.waitFor("refresh failed").contains("still using cache from"))
    server.stop()
    try session.type("refresh")
    try session.press("Enter")
    #expect(try session.waitFor("ctry (offline)> ").contains("ctry (offline)> "))
    try session.type("details Egypt")
    try session.press("Enter")
    #expect(try session.waitFor("Cairo").contains("Cairo"), "the cache still answers")
  }

  @Test func ctrlCCancelsARefreshAndKeepsTheCache() throws {
    let directory = TestPaths.preparedDirectory()
    let server = try FakeRestCountriesServer(
      v31Records: try #require(FileManager.default.contents(atPath: TestPaths.dataset)))
    defer { server.stop() }
    let api = ["--api", "\(server.baseURL)/v3.1"]
    #expect(try ProcessRunner.ctry(["--data-dir", directory] + api + ["refresh"]).status == 0)
    let before = FileManager.default.contents(atPath: "\(directory)/catalog.sqlite")
    server.setFault(.slow(seconds: 30))
    let session = try start(directory, arguments: api)
    server.resetRequests()
    try session.type("refresh --force")
    try session.press("Enter")
    try Self.waitForARequest(to: server)
    try session.press("C-c")
    #expect(try session.waitFor("refresh cancelled").contains("refresh cancelled; still using cache from"))
    #expect(
      try session.waitFor { $0.hasSuffix("ctry>") || $0.contains("cache from") && $0.contains("ctry> ") }.contains(
        "ctry> "))
    #expect(FileManager.default.contents(atPath: "\(directory)/catalog.sqlite") == before)
  }

  @Test func ctrlRSearchesHistory() throws {
    let session = try start()
    try session.type("search --capital oslo")
    try session.press("Enter")
    _ = try session.waitFor("Norway")
    try session.type("details Peru")
    try session.press("Enter")
    _ = try session.waitFor("Lima")
    try session.press("C-r")
    try session.type("osl")
    #expect(try session.waitFor("search --capital oslo").contains("search --capital oslo"))
    try session.press("Enter")
    let screen = try session.waitFor { $0.components(separatedBy: "Norway").count > 2 }
    #expect(screen.components(separatedBy: "Norway").count > 2, "the recalled line ran again")
  }

  @Test func ctrlCStopsAHangingPlugin() throws {
    let plugins = TestPaths.temporaryDirectory()
    let path = "\(plugins)/ctry-hang"
    try "#!/bin/sh\n[ \"$1\" = --ctry-spec ] && exit 1\necho hanging\nexec sleep 60\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    let session = try TerminalSession(
      environment: ["PATH": "\(plugins):/usr/bin:/bin"])
    _ = try session.waitFor("ctry> ")
    try session.type("hang")
    try session.press("Enter")
    _ = try session.waitFor("hanging")
    try session.press("C-c")
    try session.type("details Egypt")
    try session.press("Enter")
    #expect(try session.waitFor("Cairo").contains("Cairo"), "the shell survived and runs commands")
  }
}
