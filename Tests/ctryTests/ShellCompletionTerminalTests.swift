import CtryTestSupport
import Foundation
import Testing

/// Tab in a real bash, zsh or fish with ctry's completion loaded: names of several words complete
/// as they do in ctry's own shell.
@Suite(.serialized, .enabled(if: TerminalSession.isAvailable, "tmux is installed by Scripts/test"), .tags(.terminal))
struct ShellCompletionTerminalTests {
  /// A shell in tmux with the built ctry first on PATH and a clean home.
  final class Shell {
    let socket = "ctry-shell-\(UUID().uuidString.prefix(8))"
    let home = TestPaths.temporaryDirectory()

    init(_ command: String) throws {
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
      try Subprocess.run("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments).out
    }

    func type(_ text: String) throws { try tmux(["send-keys", "-l", text]) }
    func press(_ key: String) throws { try tmux(["send-keys", key]) }
    func screen() throws -> String { try tmux(["capture-pane", "-p", "-J"]) }

    func waitFor(_ text: String, timeout: Double = 15) throws -> String {
      let deadline = Date().addingTimeInterval(timeout)
      var last = ""
      while Date() < deadline {
        last = try screen()
        if last.contains(text) { return last }
        Thread.sleep(forTimeInterval: 0.05)
      }
      return last
    }
  }

  @Test func bashCompletesNamesOfSeveralWords() throws {
    let script = "\(TestPaths.repository)/completions/ctry.bash"
    let shell = try Shell("bash --norc --noprofile -i")
    try shell.type("PS1='$ '; source '\(script)'; clear\n")
    _ = try shell.waitFor("$ ")
    try shell.type("ctry details United K")
    try shell.press("Tab")
    #expect(try shell.waitFor("Kingdom").contains("$ ctry details United Kingdom"))
    try shell.press("Enter")
    #expect(try shell.waitFor("London").contains("London"))
    try shell.type("ctry details cote")
    try shell.press("Tab")
    let screen = try shell.waitFor("Ivoire")
    #expect(screen.contains(#"$ ctry details Côte\ d\'Ivoire"#), "\(screen)")
    try shell.press("Enter")
    #expect(try shell.waitFor("Yamoussoukro").contains("Yamoussoukro"))
  }

  @Test(.enabled(if: ExternalTool.find("zsh") != nil, "zsh is installed by Scripts/setup --test"))
  func zshCompletesTheLastWordOfAName() throws {
    let zsh = try #require(ExternalTool.find("zsh"))
    let shell = try Shell("\(zsh) -f -i")
    let functions = "\(TestPaths.repository)/completions"
    try shell.type("PS1='%% '; fpath=('\(functions)' $fpath); autoload -Uz compinit; compinit -u; clear\n")
    _ = try shell.waitFor("% ")
    try shell.type("ctry details United K")
    try shell.press("Tab")
    #expect(try shell.waitFor("Kingdom").contains("% ctry details United Kingdom"))
  }

  @Test(.enabled(if: ExternalTool.find("fish") != nil, "fish is installed by Scripts/setup --test"))
  func fishCompletesTheLastWordOfAName() throws {
    let fish = try #require(ExternalTool.find("fish"))
    let shell = try Shell("\(fish) --no-config -i")
    let script = "\(TestPaths.repository)/completions/ctry.fish"
    try shell.type("function fish_prompt; echo '> '; end; source '\(script)'; clear\n")
    _ = try shell.waitFor("> ")
    try shell.type("ctry details United K")
    try shell.press("Tab")
    #expect(try shell.waitFor("Kingdom").contains("> ctry details United Kingdom"))
  }
}
