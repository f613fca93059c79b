import CtryTestSupport
import Foundation
import Testing

/// The catalog snapshot through the binary: damaged or unwritable, the answers stay right.
@Suite(.ownThread, .serialized, .tags(.slow)) struct SnapshotTests {
  let home = TestPaths.temporaryDirectory()
  var cacheDirectory: String { "\(home)/cache/ctry" }
  var golden: String {
    get throws {
      String(decoding: try #require(FileManager.default.contents(atPath: GoldenOutputTests.goldenPath)), as: UTF8.self)
    }
  }

  func ctry(_ arguments: [String], cacheHome: String? = nil) throws -> ProcessRunner.Result {
    try ProcessRunner.ctry(
      ["--offline"] + arguments, environment: ["XDG_CACHE_HOME": cacheHome ?? "\(home)/cache"], directory: home)
  }

  @Test func theSnapshotLivesInTheCacheDirectory() throws {
    #expect(try ctry(["details", "Egypt"]).status == 0)
    #expect(FileManager.default.fileExists(atPath: "\(cacheDirectory)/catalog.sqlite"))
  }

  @Test func garbageOverTheSnapshotGivesTheSameAnswersAndIsSetAside() throws {
    #expect(try ctry(["details", "Egypt"]).status == 0)
    try Data(repeating: 0xA5, count: 100_000).write(to: URL(fileURLWithPath: "\(cacheDirectory)/catalog.sqlite"))
    let result = try ctry(["--json", "-c", "search"])
    #expect(result.status == 0)
    #expect(result.out == (try golden))
    #expect(result.err.hasPrefix("warning: the catalog snapshot "), "\(result.err)")
    #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
    let files = try FileManager.default.contentsOfDirectory(atPath: cacheDirectory)
    #expect(files.contains { $0.hasPrefix("catalog.sqlite.corrupt-") })
    let again = try ctry(["--json", "-c", "search"])
    let expected = try golden
    #expect(again.err.isEmpty && again.out == expected, "rebuilt")
  }

  /// Four processes find the same garbage snapshot at once, trial after trial: every one answers, the
  /// garbage is set aside once (the check is repeated under `catalog.sqlite.lock`, and nothing is
  /// moved under a live connection), and the next start opens the rebuilt snapshot without a word.
  @Test(.tags(.stress)) func processesThatFindAGarbageSnapshotTogetherSetItAsideOnce() async throws {
    var failures: [String] = []
    for trial in StressTrials(minimum: 2, maximum: 8) {
      let directory = TestPaths.temporaryDirectory()
      try Data(repeating: 0xA5, count: 100_000).write(to: URL(fileURLWithPath: "\(directory)/catalog.sqlite"))
      let statuses = try await onOwnThread {
        let children = try ["Egypt", "Japan", "Peru", "Chad"].map {
          try Subprocess(
            TestPaths.binary, ["--data-dir", directory, "--offline", "details", $0], stdout: .discard, stderr: .discard)
        }
        return children.map { $0.wait() }
      }
      let files = try FileManager.default.contentsOfDirectory(atPath: directory)
      let setAside = files.filter {
        $0.hasPrefix("catalog.sqlite.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
      }
      let after = try ProcessRunner.ctry([
        "--data-dir", directory, "--offline", "--format", "plain", "-c", "details Peru",
      ])
      if statuses != [0, 0, 0, 0] || setAside.count != 1 || after.status != 0 || !after.err.isEmpty {
        failures.append(
          "trial \(trial): statuses \(statuses), set aside \(setAside), then \(after.status) \(after.err)")
      }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  /// A snapshot another program holds an exclusive lock on (an `sqlite3` session, a backup tool) is
  /// not damage: ctry waits for it, then answers from the bundled data for that run and leaves the
  /// file exactly as it was — it may hold a refresh that only a key and the network could bring back.
  @Test func aLockedSnapshotIsLeftAloneNotSetAside() throws {
    #expect(try ctry(["details", "Egypt"]).status == 0)
    let path = "\(cacheDirectory)/catalog.sqlite"
    let before = try #require(FileManager.default.contents(atPath: path))
    let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64
    let locker = try Subprocess(
      "/usr/bin/env",
      [
        "python3", "-c",
        "import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
          + "c.execute('BEGIN EXCLUSIVE'); print('locked', flush=True); time.sleep(600)",
        path,
      ])
    defer { locker.kill() }
    #expect(locker.readLine() == "locked")
    let result = try ctry(["--format", "plain", "details", "Egypt"])
    #expect(result.status == 0 && result.out.contains("Capital: Cairo"), "\(result)")
    #expect(result.err.contains("is locked by another program"), "\(result.err)")
    #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: cacheDirectory).filter { $0.contains(".corrupt-") }.isEmpty)
    #expect(FileManager.default.contents(atPath: path) == before, "byte for byte")
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64 == inode)
  }

  /// A record that no longer decodes (the file damaged after start-up read its index) is an error:
  /// one line, status 1, nothing on stdout, never a country made up or taken from elsewhere. The file
  /// is set aside, and the next start rebuilds it.
  @Test func aRecordThatNoLongerDecodesIsAnErrorAndTheSnapshotIsSetAside() throws {
    #expect(try ctry(["details", "Peru"]).status == 0)
    let path = "\(cacheDirectory)/catalog.sqlite"
    let damage = try Subprocess.run(
      "/usr/bin/env",
      [
        "python3", "-c",
        "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
          + "c.execute(\"UPDATE country SET record = x'7B6F6F7073' WHERE cca3 = 'EGY'\"); c.commit()",
        path,
      ], timeout: .seconds(60))
    #expect(damage.status == 0, "\(damage)")
    let result = try ctry(["--format", "plain", "details", "Egypt"])
    #expect(result.status == 1, "\(result)")
    #expect(result.out.isEmpty, "\(result.out)")
    #expect(result.err.hasPrefix("the catalog snapshot \(path) is damaged: record "), "\(result.err)")
    #expect(result.err.contains("rebuilds the snapshot"), "\(result.err)")
    #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: cacheDirectory).contains { $0.contains(".corrupt-") })
    let again = try ctry(["--format", "plain", "details", "Egypt"])
    #expect(again.status == 0 && again.err.isEmpty && again.out.contains("Capital: Cairo"), "\(again)")
  }

  /// A FIFO (or any file that is not a regular file) at the snapshot's path never blocks start-up.
  @Test func aFIFOAtTheSnapshotsPathDoesNotBlock() throws {
    try FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
    #expect(mkfifo("\(cacheDirectory)/catalog.sqlite", 0o600) == 0)
    let result = try ProcessRunner.ctry(
      ["--offline", "--format", "plain", "details", "Egypt"], environment: ["XDG_CACHE_HOME": "\(home)/cache"],
      directory: home, timeout: .seconds(60))
    #expect(!result.timedOut && result.status == 0 && result.out.contains("Capital: Cairo"), "\(result)")
    #expect(result.err.contains("is not a regular file"), "\(result.err)")
  }

  @Test func anUnwritableCacheDirectoryStillGivesTheSameAnswers() throws {
    let blocker = "\(home)/a-file"
    try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
    let result = try ctry(["--json", "-c", "search"], cacheHome: blocker)
    #expect(result.status == 0)
    #expect(result.out == (try golden))
    #expect(result.err.hasPrefix("warning: cannot write the catalog snapshot"), "\(result.err)")
    #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
    let details = try ctry(["--format", "plain", "details", "Egypt"], cacheHome: blocker)
    #expect(details.status == 0 && details.out.contains("Capital: Cairo"))
  }

  @Test func aReadOnlyCacheDirectoryStillGivesTheSameAnswers() throws {
    try FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
    let readOnly = try ReadOnlyDirectory(cacheDirectory)
    defer { readOnly.restore() }
    let result = try ctry(["--json", "-c", "search"])
    let expected = try golden
    #expect(result.status == 0 && result.out == expected)
    #expect(result.err.hasPrefix("warning: cannot write the catalog snapshot"), "\(result.err)")
  }
}
