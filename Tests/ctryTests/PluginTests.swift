import CtryTestSupport
import Foundation
import Testing

/// External `ctry-NAME` commands on PATH.
@Suite(.ownThread) struct PluginTests {
  let directory = TestPaths.preparedDirectory()
  let pluginDirectory = TestPaths.temporaryDirectory()

  func plugin(_ name: String, _ body: String, executable: Bool = true) throws {
    let path = "\(pluginDirectory)/ctry-\(name)"
    try body.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: path)
  }

  func ctry(_ arguments: [String]) throws -> ProcessRunner.Result {
    let path = "\(pluginDirectory):\(TestPaths.repository)/Scripts/plugins:/usr/bin:/bin"
    return try ProcessRunner.ctry(["--data-dir", directory] + arguments, environment: ["PATH": path])
  }

  @Test func theExamplePluginGetsTheCatalogAndIsListed() throws {
    let graph = try ctry(["neighbours-graph", "Europe"])
    #expect(graph.status == 0, "\(graph.err)")
    #expect(graph.out.hasPrefix("graph borders {"))
    #expect(graph.out.contains(#""DEU" -- "FRA";"#))
    #expect(!graph.out.contains("EGY"), "only Europe")
    let help = try ctry(["help"])
    #expect(help.out.contains("neighbours-graph") && help.out.contains("Graphviz DOT"))
    #expect(try ctry(["__complete", "neigh"]).out.contains("neighbours-graph\n"), "completion offers plugins")
  }

  /// The shell finds plugin names after its first prompt (a scan of PATH); Tab at once still offers
  /// them, and the completed plugin runs.
  @Test(.enabled(if: TerminalSession.isAvailable, "tmux is installed by Scripts/test"))
  func tabInTheShellCompletesAPluginName() throws {
    try plugin("zebra-report", "#!/bin/sh\necho zebra report ran\n")
    let session = try TerminalSession(environment: ["PATH": "\(pluginDirectory):/usr/bin:/bin"])
    _ = try session.waitFor("ctry> ")
    try session.type("zebra-r")
    try session.press("Tab")
    try session.press("Enter")
    let screen = try session.waitFor("zebra report ran")
    #expect(screen.contains("ctry> zebra-report"), "\(screen)")
  }

  /// A built-in name or alias wins over a plugin of that name, and `help` says the plugin never runs.
  @Test func aPluginNamedLikeABuiltInIsShadowedAndSaysSo() throws {
    try plugin("find", "#!/bin/sh\necho plugin ran\n")
    let found = try ctry(["--format", "plain", "find", "--capital", "cairo"])
    #expect(found.status == 0 && found.out == "Egypt\n", "\(found.out)\(found.err)")
    let help = try ctry(["help"])
    #expect(help.out.contains("never run: the built-in 'search' has this name"), "\(help.out)")
  }

  /// A plugin on PATH is a command an alias may stand for.
  @Test func anAliasMayStandForAPlugin() throws {
    try plugin("zebra", "#!/bin/sh\n[ \"$1\" = --ctry-spec ] && exit 1\necho zebra ran \"$@\"\n")
    let result = try ProcessRunner.ctry(
      ["--data-dir", directory], stdin: "alias z = zebra --fast\nz now\n",
      environment: ["PATH": "\(pluginDirectory):/usr/bin:/bin"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "zebra ran --fast now\n", "\(result.out)")
  }

  @Test func argumentsEnvironmentAndExitCodesAreTheirOwn() throws {
    try plugin(
      "probe",
      """
      #!/bin/sh
      [ "$1" = --ctry-spec ] && { echo '{"summary":"probe things"}'; exit 0; }
      echo "args:$#:$1:$2"
      echo "format:$CTRY_FORMAT home:$CTRY_HOME_COUNTRY"
      echo "to stderr" >&2
      exit 3
      """)
    let result = try ctry(["--format", "csv", "probe", "a b", "--flag"])
    #expect(result.status == 3)
    #expect(result.out == "args:2:a b:--flag\nformat:csv home:EGY\n")
    #expect(result.err == "to stderr\n", "ctry adds nothing to what the plugin said")
  }

  /// `ctry neighbours-graph Europe | head -5`: the example plugin, finding its reader gone, ends as a
  /// filter does, with no Python traceback and no line from ctry.
  @Test func theExamplePluginEndsQuietlyWhenItsReaderHasGone() throws {
    let path = "\(TestPaths.repository)/Scripts/plugins:/usr/bin:/bin"
    let child = try Subprocess(
      TestPaths.binary, ["--data-dir", directory, "neighbours-graph", "Europe"], stdout: .closedPipe,
      environment: ["HOME": directory, "PATH": path, "LANG": "C.UTF-8"])
    let status = child.wait()
    #expect(child.errors == "", "nothing on stderr")
    #expect(status == 128 + SIGPIPE, "the status of a filter whose reader left")
  }

  /// `CTRY_API_KEY` is for the server: a plugin (any `ctry-*` on PATH) gets it neither when it runs
  /// nor when it is asked for its spec, as it never got the saved key.
  @Test func pluginsNeverGetTheAPIKey() throws {
    let seen = "\(directory)/seen"
    try plugin("env", "#!/bin/sh\necho \"$1 key:${CTRY_API_KEY-unset}\" >> \(seen)\n")
    let path = "\(pluginDirectory):/usr/bin:/bin"
    let result = try ProcessRunner.ctry(
      ["--data-dir", directory, "env"], environment: ["PATH": path, "CTRY_API_KEY": "abcdefghijklmnop-key"])
    #expect(result.status == 0, "\(result.err)")
    #expect(try String(contentsOfFile: seen, encoding: .utf8) == "--ctry-spec key:unset\n key:unset\n")
  }

  /// The server's URL may carry credentials (`https://user:pass@…`, `?key=…`): like the key, it is not
  /// passed on, neither when the plugin runs nor when it is asked for its spec.
  @Test func pluginsNeverGetTheServersURL() throws {
    let seen = "\(directory)/seen"
    try plugin("env", "#!/bin/sh\necho \"$1 url:${CTRY_API_URL-unset} key:${CTRY_API_KEY-unset}\" >> \(seen)\n")
    let path = "\(pluginDirectory):/usr/bin:/bin"
    let result = try ProcessRunner.ctry(
      ["--offline", "--data-dir", directory, "env"],
      environment: [
        "PATH": path, "CTRY_API_URL": "https://bob:hunter2@mirror.example/v3.1?key=k3y",
        "CTRY_API_KEY": "abcdefghijklmnop-key",
      ])
    #expect(result.status == 0, "\(result.err)")
    #expect(
      try String(contentsOfFile: seen, encoding: .utf8) == "--ctry-spec url:unset key:unset\n url:unset key:unset\n")
  }

  /// A plugin gets stdin, stdout and stderr, and no other descriptor ctry had, not even one ctry
  /// itself inherited without close-on-exec (here 5, from the shell that started it).
  @Test func aPluginInheritsNoOtherDescriptor() throws {
    try plugin(
      "fds",
      """
      #!/bin/sh
      [ "$1" = --ctry-spec ] && exit 1
      for fd in 3 4 5 6 7 8 9; do [ -e /proc/$$/fd/$fd ] && echo "open: $fd"; done
      echo done
      """)
    let environment = ["HOME": directory, "PATH": "\(pluginDirectory):/usr/bin:/bin", "LANG": "C.UTF-8"]
    let result = try Subprocess.run(
      "/bin/sh", ["-c", "exec 5</dev/null; exec \"$0\" --data-dir \"$1\" fds", TestPaths.binary, directory],
      environment: environment)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "done\n", "descriptors the plugin got: \(result.out)")
  }

  /// A plugin starts at ctry's own priority. Dispatch runs its worker threads at their quality of
  /// service's nice value (user-initiated: −2, which root may set) and a child inherits its spawning
  /// thread's, so under root a plugin of `nice -n 3 ctry` ran at −2.
  @Test func aPluginStartsAtCtrysOwnPriority() throws {
    try plugin(
      "nice", "#!/bin/sh\n[ \"$1\" = --ctry-spec ] && exit 1\nawk '{ print $19 }' /proc/$$/stat /proc/$PPID/stat\n")
    let environment = ["HOME": directory, "PATH": "\(pluginDirectory):/usr/bin:/bin", "LANG": "C.UTF-8"]
    let result = try Subprocess.run(
      "/usr/bin/nice", ["-n", "3", TestPaths.binary, "--data-dir", directory, "nice"], environment: environment)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "3\n3\n", "the plugin's nice value, then ctry's: \(result.out)")
  }

  @Test func missingAndNonExecutablePlugins() throws {
    try plugin("broken", "#!/bin/sh\necho hi\n", executable: false)
    let broken = try ctry(["broken"])
    #expect(broken.status == 1)
    #expect(broken.err.contains("ctry-broken is not executable — chmod +x"))
    let missing = try ctry(["nosuchplugin"])
    #expect(missing.status == 2 && missing.err.hasPrefix("unknown command 'nosuchplugin'"))
  }
}
