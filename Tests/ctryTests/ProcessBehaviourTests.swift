import CtryTestSupport
import Foundation
import Testing

/// Process behaviour through the binary: secrets, trust, bounds, plugins, scripts.
@Suite(.ownThread) struct ProcessBehaviourTests {
  let directory = TestPaths.preparedDirectory()

  func ctry(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) throws
    -> ProcessRunner.Result
  {
    try ProcessRunner.ctry(["--data-dir", directory] + arguments, stdin: stdin, environment: environment)
  }

  func write(_ text: String, _ name: String, mode: Int = 0o644) throws -> String {
    let path = "\(directory)/\(name)"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    return path
  }

  // MARK: Credentials in an --api URL

  @Test func credentialsInTheAPIURLAreNeverShownOrStored() throws {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    let server = try FakeRestCountriesServer(v31Records: data)
    defer { server.stop() }
    let url = server.baseURL.replacingOccurrences(of: "http://", with: "http://ada:s3cret@") + "/v3.1"
    let result = try ctry(["--api", url, "-c", "refresh", "-c", "status", "-c", "set api"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("Refreshed 250 countries from http://***@127.0.0.1"), "\(result.out)")
    #expect(!(result.out + result.err).contains("s3cret"), "\(result.out)\(result.err)")
    let stored = try #require(FileManager.default.contents(atPath: "\(directory)/catalog.sqlite"))
    #expect(!String(decoding: stored, as: UTF8.self).contains("s3cret"))
    let again = try ctry(["--api", url, "-c", "refresh", "-c", "status"])
    #expect(again.out.contains("Already up to date"), "the redacted URL still names the same server: \(again.out)")
    #expect(!again.out.contains("Cached from"), "\(again.out)")

    let keyed = try ctry(["--offline", "--api", "https://mirror.example/v3.1?key=k3y&x=1", "status"])
    #expect(keyed.out.contains("https://mirror.example/v3.1?key=***&x=1"), "\(keyed.out)")
    #expect(!keyed.out.contains("k3y"))
    let script = try write("set echo on\nset api https://bob:hunter2@mirror.example/v3.1\n", "echo.ctry")
    let echoed = try ctry([script])
    #expect(echoed.err == "+ set api https://***@mirror.example/v3.1\n", "\(echoed.out)\(echoed.err)")
  }

  /// A signed URL (S3's, Google Cloud Storage's, Azure's) carries its signature, credential and
  /// token in the query: their values are hidden wherever ctry shows or keeps the URL, as a key's.
  @Test func signatureQueryValuesAreNeverShownOrStored() throws {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    let server = try FakeRestCountriesServer(v31Records: data)
    defer { server.stop() }
    let secrets = [
      ("X-Amz-Signature", "s1gnature"), ("X-Amz-Credential", "AKIAcr3dential"), ("X-Amz-Security-Token", "t0ken"),
      ("X-Goog-Signature", "g00gsig"), ("x-goog-credential", "g00gcred"), ("sig", "azur3sig"),
      ("AWSAccessKeyId", "AKIA0ld"), ("Signature", "0ldsig"),
    ]
    let query = secrets.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    // The query stands before the path ctry adds: the server has nothing there (404), and the
    // failure names the URL.
    let url = "\(server.baseURL)/v3.1?\(query)&X-Amz-Expires=3600"
    let refreshed = try ctry(["--api", url, "refresh"])
    #expect(refreshed.status == 1 && refreshed.err.contains("X-Amz-Signature=***"), "\(refreshed.err)")
    let status = try ctry(["--api", url, "--offline", "status"])
    #expect(status.out.contains("X-Amz-Signature=***&X-Amz-Credential=***"), "\(status.out)")
    #expect(status.out.contains("X-Amz-Expires=3600"), "not a secret: \(status.out)")
    let network = String(
      decoding: FileManager.default.contents(atPath: "\(directory)/network.json") ?? Data(), as: UTF8.self)
    #expect(network.contains("X-Amz-Signature=***"), "\(network)")
    for (name, secret) in secrets {
      for (what, text) in [
        ("refresh", refreshed.out + refreshed.err), ("status", status.out + status.err), ("network.json", network),
      ] {
        #expect(!text.contains(secret), "\(name)'s value in \(what): \(text)")
      }
    }
  }

  // MARK: No home, and files others could write

  @Test(.enabled(if: ProcessRunner.canRunWithoutAnAccount, "needs unshare(1) and user namespaces"))
  func withoutAHomeNothingIsReadOrKept() throws {
    let temporary = TestPaths.temporaryDirectory()
    let environment = ["HOME": "", "TMPDIR": temporary]
    let result = try ProcessRunner.ctry(
      ["--format", "plain", "-c", "favorites add Egypt", "-c", "favorites"], environment: environment,
      withoutAnAccount: true)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "Added Egypt (1/5).\nEgypt\n")
    let warnings = result.err.split(separator: "\n")
    #expect(warnings.count == 1 && warnings[0].hasPrefix("ctry: no home directory"), "\(result.err)")
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
    #expect(left.isEmpty, "its private directory is removed at exit: \(left)")
    let next = try ProcessRunner.ctry(
      ["--format", "plain", "favorites"], environment: environment, withoutAnAccount: true)
    #expect(next.out.isEmpty, "nothing was kept")
  }

  @Test func anInitFileOthersCanWriteIsRefused() throws {
    let path = try write("set format json\n", "init.ctry", mode: 0o666)
    let result = try ctry(["-c", "set format"])
    #expect(result.out == "table\n", "not run")
    #expect(result.err == "ctry: ignoring \(path): bad permissions (writable by others: chmod go-w \(path))\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    #expect(try ctry(["-c", "set format"]).out == "json\n")
  }

  /// The saved API key is a secret: readable by group or others, it is refused as ssh refuses such a
  /// private key, with the command that fixes it.
  @Test func aKeyFileOthersCanReadIsRefused() throws {
    for mode in [0o644, 0o640, 0o604] {
      let path = try write("abcdefghijklmnop-key\n", "api-key", mode: mode)
      let result = try ctry(["-c", "set api-key"])
      #expect(result.out == "not set\n", "\(result.out)")
      let shown = "0" + String(mode, radix: 8)
      #expect(result.err == "ctry: ignoring \(path): bad permissions (\(shown) is open to others: chmod 600 \(path))\n")
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: "\(directory)/api-key")
    let fixed = try ctry(["-c", "set api-key"])
    #expect(fixed.err.isEmpty && fixed.out.contains("set (…-key)"), "\(fixed.out)\(fixed.err)")
  }

  /// The saved API key is read only from a file of its own: a symbolic link, into a directory
  /// others can write (where they could point it at another of the user's private files) or not,
  /// is refused with one line, and never followed.
  @Test func aKeyFileThatIsASymbolicLinkIsRefused() throws {
    let open = TestPaths.temporaryDirectory()
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: open)
    let closed = TestPaths.temporaryDirectory()
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: closed)
    let path = "\(directory)/api-key"
    for target in ["\(open)/key", "\(closed)/key"] {
      try "abcdefghijklmnop-key\n".write(toFile: target, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
      try? FileManager.default.removeItem(atPath: path)
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
      let result = try ctry(["-c", "set api-key"])
      #expect(result.out == "not set\n", "\(target): \(result.out)")
      #expect(
        result.err == "ctry: ignoring \(path): it is a symbolic link (a secret is read only from a file of its own: "
          + "put the file itself there)\n", "\(result.err)")
    }
  }

  @Test(.enabled(if: getuid() == 0, "needs root to give a file away"))
  func anInitFileOrKeyOfAnotherUserIsRefused() throws {
    let initPath = try write("set format json\n", "init.ctry")
    let keyPath = try write("abcdefghijklmnop-key\n", "api-key", mode: 0o600)
    for path in [initPath, keyPath] {
      try FileManager.default.setAttributes([.ownerAccountID: 65534], ofItemAtPath: path)
    }
    let result = try ctry(["-c", "set format", "-c", "set api-key"])
    #expect(result.out == "table\nnot set\n", "\(result.out)")
    #expect(result.err.contains("ctry: ignoring \(initPath): bad owner (uid 65534, not you)"), "\(result.err)")
    #expect(result.err.contains("ctry: ignoring \(keyPath): bad owner (uid 65534, not you)"), "\(result.err)")
  }

  // MARK: favorites add with many words

  @Test func fourHundredWordsAreRefusedAtOnce() throws {
    let result = try ctry(["favorites", "add"] + Array(repeating: "Egypt", count: 400))
    #expect(result.status == 2)
    #expect(result.err.hasPrefix("favorites add takes at most 64 words at once, got 400"), "\(result.err)")
  }

  // MARK: help never runs plugins

  @Test func helpReadsPluginHeadersAndRunsNothing() throws {
    let plugins = TestPaths.temporaryDirectory()
    let marker = "\(directory)/ran"
    let body = """
      #!/bin/sh
      # ctry-summary: Hold the terminal
      touch \(marker)
      (sleep 30 &)
      echo '{"summary":"asked"}'
      """
    try body.write(toFile: "\(plugins)/ctry-holder", atomically: true, encoding: .utf8)
    try "#!/bin/sh\ntouch \(marker)\nsleep 30 &\necho '{}'\n".write(
      toFile: "\(plugins)/ctry-silent", atomically: true, encoding: .utf8)
    for name in ["holder", "silent"] {
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(plugins)/ctry-\(name)")
    }
    let started = Date()
    let help = try ctry(["help"], environment: ["PATH": "\(plugins):/usr/bin:/bin"])
    // A plugin that ran would hold help's pipe for its 30-second sleep: the bound tells that event
    // apart however loaded the machine is.
    #expect(Date().timeIntervalSince(started) < 25)
    #expect(help.out.contains("holder") && help.out.contains("Hold the terminal"), "\(help.out)")
    #expect(help.out.contains("silent") && help.out.contains("external command"))
    #expect(try ctry(["help", "holder"], environment: ["PATH": "\(plugins):/usr/bin:/bin"]).out.contains("Hold"))
    #expect(!FileManager.default.fileExists(atPath: marker), "help ran a plugin")
  }

  @Test func aPluginWithoutHeaderIsAskedForOneSecondAndItsGroupKilled() throws {
    let plugins = TestPaths.temporaryDirectory()
    let body = """
      #!/bin/sh
      if [ "$1" = --ctry-spec ]; then sleep 30 & echo '{"stdin":"countries"}'; exit 0; fi
      wc -c | tr -d ' '
      """
    try body.write(toFile: "\(plugins)/ctry-count", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(plugins)/ctry-count")
    let started = Date()
    let result = try ctry(["count"], environment: ["PATH": "\(plugins):/usr/bin:/bin"])
    // Its 30-second background child would hold the pipe open had the group not been killed.
    #expect(Date().timeIntervalSince(started) < 25, "the background child was killed with its group")
    #expect(result.status == 0, "\(result.err)")
    #expect((Int(result.out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 100_000, "got the catalog")
  }

  // MARK: init.ctry and scripts

  @Test func scriptsStartFromDefaultSettings() throws {
    _ = try write("set on-error continue\nset format json\nalias eg = details Egypt\n", "init.ctry")
    let script = try write("details Atlantis\necho after\n", "stop.ctry")
    let result = try ctry([script])
    #expect(result.status == 1)
    #expect(!result.out.contains("after"), "a script stops at its first error unless it says otherwise")
    let format = try write("set format\n", "format.ctry")
    #expect(try ctry([format]).out == "table\n")
    #expect(try ctry(["-c", "set format"]).out == "json\n", "-c commands still follow init.ctry")
    // Started with the run command (or its alias source), the same.
    for command in ["run", "source"] {
      let ran = try ctry([command, script])
      #expect(ran.status == 1, "\(command)")
      #expect(!ran.out.contains("after"), "\(command) FILE stops at its first error too: \(ran.out)")
      #expect(try ctry([command, format]).out == "table\n", "\(command) FILE starts from the default format")
    }
  }

  // MARK: Small ones

  @Test func temporaryFilesOfAKilledWriteAreRemovedAtStart() throws {
    let stale = try write("[", ".favorites.json.tmp-99999999-4242")
    #expect(try ctry(["favorites"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: stale))
  }

  /// In each directory ctry writes (data, state, cache, config, each its own here), what a write
  /// killed before its rename left is removed at the next start, whichever file it was for; a
  /// running process's temporary file is kept.
  @Test func temporaryFilesOfAKilledWriteAreRemovedFromEveryDirectory() throws {
    let home = TestPaths.temporaryDirectory()
    let directories = [".local/share/ctry", ".local/state/ctry", ".cache/ctry", ".config/ctry"].map { "\(home)/\($0)" }
    var stale: [String] = []
    var alive: [String] = []
    for directory in directories {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      for name in ["network.json", "history", "catalog.sqlite", "api-key"] {
        stale.append("\(directory)/.\(name).tmp-99999999-4242")
        alive.append("\(directory)/.\(name).tmp-\(getpid())-4242")
      }
      stale.append("\(directory)/.catalog.sqlite.tmp-99999999-17-journal")
    }
    for path in stale + alive { #expect(FileManager.default.createFile(atPath: path, contents: Data("[".utf8))) }
    let result = try ProcessRunner.ctry(["--offline", "--no-init", "details", "Egypt"], directory: home)
    #expect(result.status == 0, "\(result.err)")
    #expect(stale.filter { FileManager.default.fileExists(atPath: $0) } == [], "left")
    #expect(alive.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "a running process's file is kept")
  }

  @Test func aCountryTwiceInOneChunkFailsTheRefresh() throws {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    var records = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
    records.append(records[0])
    let server = try FakeRestCountriesServer(v31Records: try JSONSerialization.data(withJSONObject: records))
    defer { server.stop() }
    let result = try ctry(["--api", "\(server.baseURL)/v3.1", "refresh"])
    #expect(result.status == 1)
    #expect(result.err.contains("appears twice"), "\(result.err)")
  }
}
