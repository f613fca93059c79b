import CtryTestSupport
import Foundation
import Testing

/// Plugins start with an empty signal mask and default dispositions (`CleanSpawn`, shared with the
/// tests' `Subprocess`): Ctrl-C reaches them at once, and a closed pipe ends them quietly.
@Suite(.tags(.terminal, .slow)) struct PluginSignalTests {
  func plugin(_ name: String, _ body: String, in directory: String) throws {
    let path = "\(directory)/ctry-\(name)"
    try body.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }

  @Test(.enabled(if: TerminalSession.isAvailable))
  func ctrlCStopsAHangingPluginAtOnceWithoutSIGKILL() throws {
    let plugins = TestPaths.temporaryDirectory()
    let marker = "\(plugins)/signalled"
    // The trap runs only if SIGINT (the terminal's) or SIGTERM (ctry's) reaches the script, and
    // writes which; a SIGKILL would leave no marker. The loop runs builtins only: dash clears its
    // signal mask whenever it has waited for a child, so a `sleep` in the loop would unblock the
    // signals itself, and a plugin spawned with ctry's mask would still pass.
    try plugin(
      "hang",
      """
      #!/bin/sh
      [ "$1" = --ctry-spec ] && exit 1
      trap 'echo INT > \(marker); exit 130' INT
      trap 'echo TERM > \(marker); exit 143' TERM
      echo hanging
      while :; do :; done
      """, in: plugins)
    let session = try TerminalSession(environment: ["PATH": "\(plugins):/usr/bin:/bin"])
    _ = try session.waitFor("ctry> ")
    try session.type("hang")
    try session.press("Enter")
    _ = try session.waitFor("hanging")
    let pressed = ContinuousClock.now
    try session.press("C-c")
    var received = ""
    while received.isEmpty, ContinuousClock.now - pressed < .seconds(3) {
      usleep(10_000)
      received = (try? String(contentsOfFile: marker, encoding: .utf8)) ?? ""
    }
    let elapsed = ContinuousClock.now - pressed
    if received.isEmpty { received = "nothing (SIGKILL at most)" }
    #expect(["INT\n", "TERM\n"].contains(received), "the plugin got SIGINT or SIGTERM: \(received)")
    #expect(elapsed < .seconds(1), "stopped in \(elapsed)")
    try session.type("details Egypt")
    try session.press("Enter")
    #expect(try session.waitFor("Cairo").contains("Cairo"), "the shell runs commands again")
  }

  @Test func pluginsStartWithNoSignalBlockedOrIgnored() throws {
    let plugins = TestPaths.temporaryDirectory()
    try plugin("signals", "#!/bin/sh\nexec grep -E '^Sig(Blk|Ign)' /proc/self/status\n", in: plugins)
    let data = TestPaths.temporaryDirectory()
    let result = try ProcessRunner.ctry(
      ["--data-dir", data, "signals"], environment: ["PATH": "\(plugins):/usr/bin:/bin"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("SigBlk:\t0000000000000000"), "empty mask: \(result.out)")
    // SIGINT (2), SIGQUIT (3), SIGPIPE (13), SIGTERM (15): bits 1, 2, 12, 14 of SigIgn.
    let ignored = result.out.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }.flatMap {
      UInt64($0.split(separator: "\t").last ?? "", radix: 16)
    }
    let mustNotBeIgnored: UInt64 = (1 << 1) | (1 << 2) | (1 << 12) | (1 << 14)
    #expect(ignored.map { $0 & mustNotBeIgnored } == 0, "default dispositions: \(result.out)")
  }

  @Test func aPluginWritingToAClosedPipeEndsQuietly() throws {
    let plugins = TestPaths.temporaryDirectory()
    try plugin("yes", "#!/bin/sh\nexec yes\n", in: plugins)
    let errors = "\(plugins)/stderr"
    let data = TestPaths.temporaryDirectory()
    let command =
      "env -i HOME=\(data) PATH=\(plugins):/usr/bin:/bin LANG=C.UTF-8 '\(TestPaths.binary)' --data-dir \(data) yes"
      + " 2>\(errors) | head -1"
    let started = ContinuousClock.now
    let result = try Subprocess.run("/bin/sh", ["-c", command])
    let elapsed = ContinuousClock.now - started
    #expect(result.out == "y\n")
    #expect(elapsed < .seconds(2), "ended in \(elapsed)")
    let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "(none)"
    #expect(stderr.isEmpty, "nothing on stderr: \(stderr)")
  }
}
