import CtryTestSupport
import Foundation
import Testing

/// Tab in a real bash, zsh or fish with ctry's completion loaded: names of several words complete
/// as they do in ctry's own shell.
@Suite(
  .ownThread, .serialized, .enabled(if: TerminalSession.isAvailable, "tmux is installed by Scripts/test"),
  .tags(.terminal))
struct ShellCompletionTerminalTests {
  /// A shell in tmux with the built ctry first on PATH and `home` (a new, clean one by default).
  final class Shell {
    let socket = TestRunDirectory.tmuxSocket()
    let home: String

    init(_ command: String, home: String = TestPaths.preparedDirectory()) throws {
      self.home = home
      let bin = (TestPaths.binary as NSString).deletingLastPathComponent
      var environment = ExternalTool.isolatedEnvironment(home)
      environment["PATH"] = "\(bin):/usr/bin:/bin"
      environment["TERM"] = "xterm-256color"
      let assignments = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
      try tmux(["new-session", "-d", "-x", "120", "-y", "30", "/bin/sh", "-c", "env -i \(assignments) \(command)"])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
      // Subprocess, not Foundation's Process: Process waits on the tmux server that the client forks.
      try Subprocess.run("/usr/bin/tmux", ["-S", socket, "-f", "/dev/null"] + arguments).out
    }

    func type(_ text: String) throws { try tmux(["send-keys", "-l", text]) }
    func press(_ key: String) throws { try tmux(["send-keys", key]) }
    func screen() throws -> String { try tmux(["capture-pane", "-p", "-J"]) }

    func waitFor(_ text: String, timeout: Double = 15) throws -> String {
      try waitFor(timeout: timeout) { $0.contains(text) }
    }

    /// The screen once `condition` holds for it, or the last one seen after `timeout` seconds.
    func waitFor(timeout: Double = 15, _ condition: (String) -> Bool) throws -> String {
      let deadline = Date().addingTimeInterval(timeout)
      var last = ""
      while Date() < deadline {
        last = try screen()
        if condition(last) { return last }
        Thread.sleep(forTimeInterval: 0.05)
      }
      return last
    }

    /// Waits until the screen holds nothing but `prompt`: the setup line has run and `clear` has
    /// cleared it, so the shell is reading keys. Waiting for the prompt's text alone is not enough —
    /// bash's own first prompt (`bash-5.2$ `) holds `$ ` too, and keys typed before the shell reads
    /// them are echoed by the terminal and then drawn again after the prompt.
    func waitForPromptAlone(_ prompt: String, timeout: Double = 60) throws {
      let deadline = Date().addingTimeInterval(timeout)
      let wanted = prompt.trimmingCharacters(in: .whitespaces)
      while Date() < deadline {
        let lines = try screen().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        if lines.filter({ !$0.isEmpty }) == [wanted] { return }
        Thread.sleep(forTimeInterval: 0.05)
      }
      throw ShellNotReady(prompt: prompt, screen: try screen())
    }

    /// Waits until `text` is on the screen and `prompt` alone is back on the last line: the command
    /// has ended and the shell reads keys again, so the next keys are not echoed before the prompt.
    func waitForOutput(_ text: String, thenPrompt prompt: String = "$ ", timeout: Double = 60) throws -> String {
      let deadline = Date().addingTimeInterval(timeout)
      let wanted = prompt.trimmingCharacters(in: .whitespaces)
      var last = ""
      while Date() < deadline {
        last = try screen()
        if last.contains(text),
          ShellCompletionTerminalTests.lastLine(last).trimmingCharacters(in: .whitespaces) == wanted
        {
          return last
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
      return last
    }
  }

  struct ShellNotReady: Error, CustomStringConvertible {
    let prompt: String
    let screen: String
    var description: String { "the shell never showed only its prompt '\(prompt)':\n\(screen)" }
  }

  /// A bash with completions/ctry.bash loaded and the prompt `$ `, in `directory`, with `home`.
  static func bash(in directory: String? = nil, home: String = TestPaths.preparedDirectory()) throws -> Shell {
    let script = "\(TestPaths.repository)/completions/ctry.bash"
    let shell = try Shell("bash --norc --noprofile -i", home: home)
    let change = directory.map { "cd '\($0)'; " } ?? ""
    try shell.type("PS1='$ '; \(change)source '\(script)'; clear\n")
    try shell.waitForPromptAlone("$ ")
    return shell
  }

  /// A zsh with completions/_ctry on its fpath, compinit run and the prompt `% `, in `directory`.
  static func zsh(in directory: String? = nil, home: String = TestPaths.preparedDirectory()) throws -> Shell {
    let zsh = try #require(ExternalTool.find("zsh"))
    let shell = try Shell("\(zsh) -f -i", home: home)
    let functions = "\(TestPaths.repository)/completions"
    let change = directory.map { "cd '\($0)'; " } ?? ""
    try shell.type("PS1='%% '; \(change)fpath=('\(functions)' $fpath); autoload -Uz compinit; compinit -u; clear\n")
    try shell.waitForPromptAlone("% ")
    return shell
  }

  /// A fish with completions/ctry.fish loaded and the prompt `> `, in `directory`.
  static func fish(in directory: String? = nil, home: String = TestPaths.preparedDirectory()) throws -> Shell {
    let fish = try #require(ExternalTool.find("fish"))
    let shell = try Shell("\(fish) --no-config -i", home: home)
    let script = "\(TestPaths.repository)/completions/ctry.fish"
    let change = directory.map { "cd '\($0)'; " } ?? ""
    try shell.type("function fish_prompt; echo '> '; end; \(change)source '\(script)'; clear\n")
    try shell.waitForPromptAlone("> ")
    return shell
  }

  /// The last line that is not blank: the prompt line, as the cursor left it.
  static func lastLine(_ screen: String) -> String {
    screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init) ?? ""
  }

  /// `ctry --format <Tab><Tab>` lists the formats (it listed commands and folders).
  @Test func bashCompletesTheValuesOfCtrysOwnOptions() throws {
    let shell = try Self.bash()
    try shell.type("ctry --format ")
    try shell.press("Tab")
    try shell.press("Tab")
    let screen = try shell.waitFor("plain")
    #expect(screen.contains("csv") && screen.contains("json") && screen.contains("table"), "\(screen)")
    #expect(!screen.contains("details"), "no commands: \(screen)")
    try shell.press("C-u")
    try shell.type("ctry --format=j")
    try shell.press("Tab")
    #expect(try shell.waitFor("--format=json").contains("$ ctry --format=json"))
  }

  /// After Tab has inserted what several names share (`New\ `), Tab Tab lists them as they read.
  @Test func bashListsTheNamesAfterAPartialInsert() throws {
    let shell = try Self.bash()
    try shell.type("ctry details new")
    try shell.press("Tab")
    _ = try shell.waitFor(#"$ ctry details New\"#)
    try shell.press("Tab")
    try shell.press("Tab")
    let screen = try shell.waitFor("Zealand")
    #expect(screen.contains("New Caledonia") && screen.contains("New Zealand"), "listed as they read: \(screen)")
    #expect(Self.lastLine(screen) == #"$ ctry details New\ "#, "the line is kept: \(screen)")
  }

  /// A name begun with a quote is completed in that quote: `"south` → `"South `, then `"South Africa" `.
  @Test func bashKeepsTheUsersQuote() throws {
    let shell = try Self.bash()
    try shell.type(#"ctry details "south"#)
    try shell.press("Tab")
    let partial = try shell.waitFor(#""South"#)
    #expect(Self.lastLine(partial) == #"$ ctry details "South "#, "\(partial)")
    try shell.type("af")
    try shell.press("Tab")
    let whole = try shell.waitFor("Africa")
    #expect(Self.lastLine(whole) == #"$ ctry details "South Africa" "#, "\(whole)")
    try shell.press("Enter")
    #expect(try shell.waitForOutput("Pretoria").contains("Pretoria"))
    try shell.type("ctry details 'cote")
    try shell.press("Tab")
    let single = try shell.waitFor("Ivoire")
    #expect(Self.lastLine(single) == #"$ ctry details 'Côte d'\''Ivoire' "#, "\(single)")
  }

  /// `run <Tab>` and `ctry run <Tab>` offer `.ctry` files and folders, not other files; a folder is
  /// inserted without a space after it, and its files are listed by their names.
  @Test func bashOffersOnlyScriptsToRun() throws {
    let directory = TestPaths.temporaryDirectory()
    try FileManager.default.createDirectory(atPath: "\(directory)/more", withIntermediateDirectories: false)
    for file in ["trip.ctry", "notes.txt", "more/inner.ctry", "more/other.ctry"] {
      #expect(FileManager.default.createFile(atPath: "\(directory)/\(file)", contents: Data()))
    }
    let shell = try Self.bash(in: directory)
    try shell.type("ctry run ")
    try shell.press("Tab")
    try shell.press("Tab")
    let screen = try shell.waitFor("trip.ctry")
    #expect(screen.contains("more/") && !screen.contains("notes.txt"), "\(screen)")
    try shell.press("C-u")
    try shell.type("ctry mo")
    try shell.press("Tab")
    let folder = try shell.waitFor("$ ctry more/")
    #expect(Self.lastLine(folder) == "$ ctry more/", "\(folder)")
    try shell.press("Tab")
    try shell.press("Tab")
    let inside = try shell.waitFor("other.ctry")
    #expect(inside.contains("inner.ctry") && !inside.contains("more/inner.ctry"), "\(inside)")
    #expect(Self.lastLine(inside) == "$ ctry more/", "\(inside)")
  }

  @Test func bashCompletesNamesOfSeveralWords() throws {
    let shell = try Self.bash()
    try shell.type("ctry details United K")
    try shell.press("Tab")
    #expect(try shell.waitFor("Kingdom").contains("$ ctry details United Kingdom"))
    try shell.press("Enter")
    #expect(try shell.waitForOutput("London").contains("London"))
    try shell.type("ctry details cote")
    try shell.press("Tab")
    let screen = try shell.waitFor("Ivoire")
    #expect(screen.contains(#"$ ctry details Côte\ d\'Ivoire"#), "\(screen)")
    try shell.press("Enter")
    #expect(try shell.waitFor("Yamoussoukro").contains("Yamoussoukro"))
  }

  @Test(.enabled(if: ExternalTool.find("zsh") != nil, "zsh is installed by Scripts/setup --test"))
  func zshCompletesTheLastWordOfAName() throws {
    let shell = try Self.zsh()
    try shell.type("ctry details United K")
    try shell.press("Tab")
    #expect(try shell.waitFor("Kingdom").contains("% ctry details United Kingdom"))
  }

  @Test(.enabled(if: ExternalTool.find("fish") != nil, "fish is installed by Scripts/setup --test"))
  func fishCompletesTheLastWordOfAName() throws {
    let shell = try Self.fish()
    try shell.type("ctry details United K")
    try shell.press("Tab")
    #expect(try shell.waitFor("Kingdom").contains("> ctry details United Kingdom"))
  }
}
