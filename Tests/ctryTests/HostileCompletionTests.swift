import CountryModel
import CtryTestSupport
import Foundation
import Testing

/// Completion through the binary never writes a terminal control it got from outside: country names
/// from a server's catalog, plugin names on PATH, script file names. Each entry point the bash, zsh
/// and fish scripts call is checked, and Tab in ctry's own shell.
@Suite(.ownThread, .serialized) struct HostileCompletionTests {
  /// Two hostile names that share the prefix "Evil" with a clean one, so a Tab on "Evi" would insert
  /// their common prefix and a second Tab list them all.
  static let hostileNames = ["Evil\u{1B}]0;pwned\u{07}One\u{1B}[2J", "Evil\u{9B}2J\u{202E}\u{200F}\u{61C}Two\u{0}"]

  /// A home with a catalog refreshed from a server whose names hold terminal controls, in the home's
  /// XDG directories, or with `dataDirectory` in the home itself (as `TerminalSession` runs ctry).
  static func hostileHome(dataDirectory: Bool = false) throws -> String {
    try home(named: (hostileNames + ["Evilness"]).map { ($0, $0 + " Republic") }, dataDirectory: dataDirectory)
  }

  /// A home with a catalog refreshed from a server that renames the first countries of the bundled
  /// data, `names[i]` being the common and official name of the i-th; its XDG directories, or
  /// `dataDirectory` in the home itself, as `hostileHome` has them.
  static func home(named names: [(common: String, official: String)], dataDirectory: Bool = false) throws -> String {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    var records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    for (index, name) in names.enumerated() {
      records[index]["name"] = ["common": name.common, "official": name.official]
    }
    let server = try FakeRestCountriesServer(v31Records: try JSONSerialization.data(withJSONObject: records))
    defer { server.stop() }
    let home = TestPaths.preparedDirectory()
    let refresh = try ProcessRunner.ctry(
      (dataDirectory ? ["--data-dir", home] : []) + ["--api", "\(server.baseURL)/v3.1", "refresh"],
      environment: ExternalTool.isolatedEnvironment(home), directory: home)
    try #require(refresh.status == 0, "\(refresh.err)")
    return home
  }

  /// Whether `text` holds ESC or another C0 control but the line end, DEL, a C1 control, NUL or a
  /// bidi control.
  static func isClean(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0 != "\n" && VisibleEscapes.needsEscape($0) }
  }

  /// ctry in `directory` (the home, when nil) with PATH holding `plugins` too.
  func ctry(_ arguments: [String], home: String, plugins: String? = nil) throws
    -> Subprocess.Result
  {
    var environment = ExternalTool.isolatedEnvironment(home)
    if let plugins { environment["PATH"] = "\(plugins):/usr/bin:/bin" }
    return try Subprocess.run(TestPaths.binary, arguments, environment: environment, directory: home)
  }

  @Test func countryNamesFromAServerAreNeverCompletedRaw() throws {
    let home = try Self.hostileHome()
    let answers: [(String, [String], String)] = [
      ("__complete", ["__complete", "details", "Evi"], "Evilness\n"),
      ("bash", ["__complete", "--shell", "bash", "--", "ctry details Evi"], "Evilness\n"),
      ("bash, a second word", ["__complete", "--shell", "bash", "--", "ctry compare Egypt Evi"], "Evilness\n"),
      ("zsh", ["__complete", "--shell", "zsh", "--", "ctry", "details", "Evi"], "Evilness\n"),
    ]
    for (path, arguments, expected) in answers {
      let result = try ctry(arguments, home: home)
      #expect(result.status == 0, "\(path): \(result.err)")
      #expect(Self.isClean(result.out + result.err), "\(path) wrote a raw control: \(result.out.debugDescription)")
      #expect(result.out.hasPrefix(expected), "\(path): \(result.out.debugDescription)")
    }
  }

  @Test func pluginAndScriptFileNamesAreNeverCompletedRaw() throws {
    let home = TestPaths.preparedDirectory()
    let plugins = TestPaths.temporaryDirectory()
    for name in ["ctry-evil\u{1B}]0;pwned\u{07}", "ctry-evil\u{9B}2J", "ctry-evil\u{202E}", "ctry-evilplugin"] {
      let path = "\(plugins)/\(name)"
      #expect(FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\n".utf8)))
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
    for name in ["trip\u{1B}[2J.ctry", "trip\u{200E}.ctry", "trip.ctry"] {
      #expect(FileManager.default.createFile(atPath: "\(home)/\(name)", contents: Data()))
    }
    let answers: [(String, [String], String)] = [
      ("__complete, a plugin", ["__complete", "evi"], "evilplugin\n"),
      ("bash, a plugin", ["__complete", "--shell", "bash", "--", "ctry evi"], "evilplugin\n"),
      ("zsh, a plugin", ["__complete", "--shell", "zsh", "--", "ctry", "evi"], "evilplugin\n"),
      ("bash, a script", ["__complete", "--shell", "bash", "--", "ctry tri"], "trip.ctry\n"),
      ("zsh, a script", ["__complete", "--shell", "zsh", "--", "ctry", "tri"], "trip.ctry\n"),
      ("__complete, a file", ["__complete", "run", "tri"], "trip.ctry\n"),
    ]
    for (path, arguments, expected) in answers {
      let result = try ctry(arguments, home: home, plugins: plugins)
      #expect(result.status == 0, "\(path): \(result.err)")
      #expect(Self.isClean(result.out + result.err), "\(path) wrote a raw control: \(result.out.debugDescription)")
      #expect(result.out.hasPrefix(expected), "\(path): \(result.out.debugDescription)")
    }
  }

  /// Tab, Tab, Tab on "details Evi" in ctry's shell: the clean name is inserted; neither the window
  /// title nor the screen is touched by the hostile ones.
  @Test(.enabled(if: TerminalSession.isAvailable, "tmux is installed by Scripts/test"))
  func tabInTheShellNeverWritesAHostileName() throws {
    let home = try Self.hostileHome(dataDirectory: true)
    let session = try TerminalSession(directory: home)
    _ = try session.waitFor("ctry> ")
    let title = try session.title()
    try session.type("details Evi")
    for _ in 0..<3 { try session.press("Tab") }
    try session.press("Enter")
    let screen = try session.waitFor("Evilness Republic")
    #expect(screen.contains("ctry> details Evilness \n"), "\(screen)")
    #expect(screen.contains("Tab completes"), "the screen was not cleared: \(screen)")
    #expect(!screen.contains("One") && !screen.contains("Two"), "no hostile name listed: \(screen)")
    #expect(try session.title() == title, "the window title is unchanged")
  }
}
