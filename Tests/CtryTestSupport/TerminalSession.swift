import Foundation
import Testing

/// The real `ctry` binary in a pseudo-terminal, driven through tmux as a person would type, on a
/// private tmux socket (`TestRunDirectory.tmuxSocket()`) so tests never touch a user's sessions.
package final class TerminalSession: Sendable {
  package static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: tmuxPath) }
  static let tmuxPath =
    ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    } ?? "/usr/bin/tmux"

  package let directory: String
  private let socket: String
  private let statusFile: String

  /// Starts `ctry ARGUMENTS` in a new terminal of `width`×`height`, with `outputRedirection` (shell
  /// syntax, such as `>/dev/full`) after them; when it exits, the pane stays and its exit status is
  /// written where `exitStatus()` reads it. With `jobControl`, an interactive bash (no rc files,
  /// prompt `$ `) starts it, as a person would, so Ctrl-Z stops it and `fg` continues it; otherwise
  /// `sh -c` does.
  package init(
    arguments: [String] = [], directory: String = TestPaths.preparedDirectory(),
    environment: [String: String] = [:], width: Int = 100, height: Int = 40, outputRedirection: String = "",
    jobControl: Bool = false
  ) throws {
    self.directory = directory
    socket = TestRunDirectory.tmuxSocket()
    statusFile = "\(directory)/exit-status"
    var env = ["HOME": directory, "TERM": "xterm-256color", "TZ": "Africa/Cairo", "LANG": "C.UTF-8"]
    env.merge(environment) { $1 }
    let assignments = env.map { "\($0.key)=\(Self.shellQuote($0.value))" }.joined(separator: " ")
    let run =
      "\(Self.shellQuote(TestPaths.binary)) --data-dir \(Self.shellQuote(directory)) "
      + arguments.map(Self.shellQuote).joined(separator: " ") + " " + outputRedirection
      + "; echo $? > \(Self.shellQuote(statusFile)); stty -a > \(Self.shellQuote(directory))/stty-after"
    if jobControl {
      let shell = "env -i \(assignments) PS1='$ ' /bin/bash --norc --noprofile -i"
      try tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "/bin/sh", "-c", shell])
      try type(run + "\n")
    } else {
      try tmux([
        "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "/bin/sh", "-c",
        "env -i \(assignments) \(run); sleep 60",
      ])
    }
  }

  deinit {
    _ = try? tmux(["kill-server"])
  }

  /// Ends the tmux server and so the terminal: the programs in it get SIGHUP, and reads fail.
  package func closeTerminal() throws { try tmux(["kill-server"]) }

  /// The pid of the ctry process started for this session (matched by its data directory).
  package func ctryProcessID(timeout: Double = 5) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") {
        for entry in entries {
          guard let pid = Int32(entry),
            let raw = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
          else { continue }
          let words = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
          if words.first == TestPaths.binary, words.contains(directory) { return pid }
        }
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return nil
  }

  /// Types literal text.
  package func type(_ text: String) throws { try tmux(["send-keys", "-l", text]) }

  /// Presses keys by tmux name: `Tab`, `Enter`, `Up`, `C-c`, `C-d`, `C-r`.
  package func press(_ keys: String...) throws {
    for key in keys { try tmux(["send-keys", key]) }
  }

  /// Sends `bytes` as they are, whether or not they are text (`send-keys -H`), as a paste would.
  package func send(bytes: [UInt8]) throws {
    let digits = Array("0123456789abcdef")
    try tmux(["send-keys", "-H"] + bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]]) })
  }

  /// The visible screen; with `escapes`, with the SGR sequences of its colours and attributes.
  package func screen(escapes: Bool = false) throws -> String {
    try tmux(["capture-pane", "-p", "-J"] + (escapes ? ["-e"] : []))
  }

  /// Waits until the screen satisfies `condition` and returns it. `timeout` seconds is a hang guard,
  /// not a wait: a screen that never satisfies it is a failure of the test (recorded here, at the
  /// caller's `sourceLocation`), and the last screen is returned so that expectations show it too.
  @discardableResult
  package func waitFor(
    timeout: Double = 60, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var last = ""
    while Date() < deadline {
      last = try screen()
      if condition(last) { return last }
      Thread.sleep(forTimeInterval: 0.05)
    }
    Issue.record(
      "the screen never showed what the test waited for (\(Int(timeout)) s): \(last)", sourceLocation: sourceLocation)
    return last
  }

  @discardableResult
  package func waitFor(_ text: String, timeout: Double = 60, sourceLocation: SourceLocation = #_sourceLocation)
    throws -> String
  {
    try waitFor(timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
  }

  /// Waits until `text` is on the screen and, below it, a fresh `ctry>` prompt is the last line: the
  /// command has finished and the line editor reads again, so the next key lands at the prompt.
  @discardableResult
  package func waitForPrompt(
    after text: String, timeout: Double = 60, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    try waitFor(timeout: timeout, sourceLocation: sourceLocation) { screen in
      guard let found = screen.range(of: text, options: .backwards) else { return false }
      let below = screen[found.upperBound...].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      return below.last { !$0.isEmpty } == "ctry>"
    }
  }

  /// The pane's title, as the program in it last set it (OSC 0 or 2).
  package func title() throws -> String {
    try tmux(["display-message", "-p", "#{pane_title}"]).trimmingCharacters(in: .newlines)
  }

  /// The line holding the cursor, without trailing spaces.
  package func promptLine() throws -> String {
    let lines = try settledScreen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
  }

  /// The screen once it has stopped changing (the same in two captures 100 ms apart, or after a
  /// 60 s hang guard): a single capture can catch a redraw half-way.
  package func settledScreen() throws -> String {
    let deadline = Date().addingTimeInterval(60)
    var last = try screen()
    while Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
      let now = try screen()
      if now == last { return now }
      last = now
    }
    return last
  }

  /// The exit status of ctry once it has exited (waits up to `timeout` seconds; with 0, looks once).
  package func exitStatus(timeout: Double = 60) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let text = try? String(contentsOfFile: statusFile, encoding: .utf8),
        let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return status
      }
      guard Date() < deadline else { return nil }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  /// `stty -a` as the terminal was left after ctry exited.
  package func terminalStateAfterExit() -> String? {
    _ = exitStatus()
    // `stty -a` writes the file after the status: wait for it (a hang guard of 60 s), not a time.
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if let state = try? String(contentsOfFile: "\(directory)/stty-after", encoding: .utf8),
        state.contains("\n")
      {
        return state
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return nil
  }

  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    try Subprocess.run(Self.tmuxPath, ["-S", socket, "-f", "/dev/null"] + arguments).out
  }

  package static func shellQuote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
