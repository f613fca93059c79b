import CtryTestSupport
import Foundation
import Testing

/// Scripts/install puts ctry, its data, the man page and the completions under a prefix, and the
/// installed ctry finds its data in PREFIX/share/ctry with no build directory beside it.
@Suite(.ownThread) struct InstallTests {
  static let installedFiles = [
    "bin/ctry",
    "share/ctry/countries.json",
    "share/ctry/outlines.txt",
    "share/ctry/zones.txt",
    "share/ctry/holidays.tsv",
    "share/ctry/subdivisions.tsv",
    "share/ctry/flags.txt",
    "share/ctry/names.tsv",
    "share/ctry/catalog.sqlite",
    "share/man/man1/ctry.1",
    "share/bash-completion/completions/ctry",
    "share/zsh/site-functions/_ctry",
    "share/fish/vendor_completions.d/ctry.fish",
  ]

  func install(into prefix: String) throws -> ExternalTool.Result {
    try ExternalTool.run(
      "/bin/bash", ["\(TestPaths.repository)/Scripts/install", "--binary", TestPaths.binary, prefix],
      environment: ExternalTool.isolatedEnvironment(TestPaths.temporaryDirectory()))
  }

  @Test func installsEverythingAndTheInstalledCtryWorks() throws {
    let prefix = TestPaths.temporaryDirectory() + "/prefix with space"
    let installed = try install(into: prefix)
    try #require(installed.status == 0, "Scripts/install failed: \(installed.err)")
    for file in Self.installedFiles {
      #expect(FileManager.default.fileExists(atPath: "\(prefix)/\(file)"), "\(file) is not installed")
      #expect(installed.out.contains("\(prefix)/\(file)"), "install does not say it installed \(file)")
    }
    #expect(FileManager.default.isExecutableFile(atPath: "\(prefix)/bin/ctry"))
    #expect(installed.out.contains("is not on your PATH"), "a hint when PREFIX/bin is not on PATH")
    #expect(
      !FileManager.default.fileExists(atPath: "\(prefix)/bin/ctry_CountryKit.resources"),
      "the build's resource bundle must not be beside the installed binary")
    for (source, target) in [
      ("ctry.1", "share/man/man1/ctry.1"), ("completions/_ctry", "share/zsh/site-functions/_ctry"),
    ] {
      #expect(
        FileManager.default.contents(atPath: "\(TestPaths.repository)/\(source)")
          == FileManager.default.contents(atPath: "\(prefix)/\(target)"))
    }

    // Run from elsewhere, with no CTRY_DATASET: the data can only come from PREFIX/share/ctry.
    let elsewhere = TestPaths.temporaryDirectory()
    let egypt = try ExternalTool.run(
      "\(prefix)/bin/ctry", ["--data-dir", elsewhere, "-c", "details Egypt", "--format", "plain"],
      environment: ExternalTool.isolatedEnvironment(elsewhere), directory: elsewhere)
    #expect(egypt.status == 0, "\(egypt.err)")
    #expect(egypt.out.contains("Cairo"))
    // That first start copied the snapshot the install built instead of decoding the JSON.
    #expect(
      FileManager.default.contents(atPath: "\(elsewhere)/catalog.sqlite")
        == FileManager.default.contents(atPath: "\(prefix)/share/ctry/catalog.sqlite"))
    let map = try ExternalTool.run(
      "\(prefix)/bin/ctry", ["--data-dir", elsewhere, "-c", "map Egypt --width 40", "--format", "plain"],
      environment: ExternalTool.isolatedEnvironment(elsewhere), directory: elsewhere)
    #expect(map.status == 0 && map.out.contains("◉ Cairo"), "map finds PREFIX/share/ctry/outlines.txt: \(map.err)")

    // And without it, the installed ctry says its data is missing.
    try FileManager.default.moveItem(
      atPath: "\(prefix)/share/ctry/countries.json", toPath: "\(prefix)/share/ctry/moved.json")
    let missing = try ExternalTool.run(
      "\(prefix)/bin/ctry", ["--data-dir", elsewhere, "-c", "details Egypt"],
      environment: ExternalTool.isolatedEnvironment(elsewhere), directory: elsewhere)
    #expect(missing.status != 0)
    #expect(missing.err.contains("missing"), "\(missing.err)")
  }

  @Test func installingTwiceIsTheSame() throws {
    let prefix = TestPaths.temporaryDirectory()
    #expect(try install(into: prefix).status == 0)
    let second = try install(into: prefix)
    #expect(second.status == 0, "\(second.err)")
    for file in Self.installedFiles {
      #expect(FileManager.default.fileExists(atPath: "\(prefix)/\(file)"))
    }
    let names = try FileManager.default.subpathsOfDirectory(atPath: prefix).filter { path in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: "\(prefix)/\(path)", isDirectory: &isDirectory)
        && !isDirectory.boolValue
    }
    #expect(names.sorted() == Self.installedFiles.sorted(), "nothing else is left under the prefix")
  }

  /// Four first starts at once over one empty data directory: each answers, and what stays is one
  /// snapshot, the shipped one byte for byte, with no temporary file left beside it (the copy is
  /// renamed into place under the snapshot's lock, and only over nothing).
  @Test(.tags(.stress)) func firstStartsTogetherLeaveOneCopyOfTheShippedSnapshot() async throws {
    let prefix = TestPaths.temporaryDirectory()
    try #require(try install(into: prefix).status == 0)
    let shipped = FileManager.default.contents(atPath: "\(prefix)/share/ctry/catalog.sqlite")
    var failures: [String] = []
    for trial in StressTrials(minimum: 2, maximum: 6) {
      let directory = TestPaths.temporaryDirectory()
      let environment = ExternalTool.isolatedEnvironment(directory)
      let statuses = try await onOwnThread {
        let children = try ["Egypt", "Japan", "Peru", "Chad"].map {
          try Subprocess(
            "\(prefix)/bin/ctry", ["--data-dir", directory, "--offline", "details", $0], stdout: .discard,
            stderr: .discard, environment: environment)
        }
        return children.map { $0.wait() }
      }
      let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
      let copied = FileManager.default.contents(atPath: "\(directory)/catalog.sqlite")
      if statuses != [0, 0, 0, 0] || files != ["catalog.sqlite", "catalog.sqlite.lock"] || copied != shipped {
        failures.append("trial \(trial): statuses \(statuses), files \(files), same bytes \(copied == shipped)")
      }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  /// A copy found empty (a disk that lost it) is replaced by the next start with the shipped
  /// snapshot, without a word; a torn copy is set aside with one warning and rebuilt, and the next
  /// start after that is silent.
  @Test func anEmptyOrTornCopyIsReplacedOnTheNextStart() throws {
    let prefix = TestPaths.temporaryDirectory()
    try #require(try install(into: prefix).status == 0)
    let shipped = try #require(FileManager.default.contents(atPath: "\(prefix)/share/ctry/catalog.sqlite"))
    let directory = TestPaths.temporaryDirectory()
    let snapshot = "\(directory)/catalog.sqlite"
    func details() throws -> ExternalTool.Result {
      try ExternalTool.run(
        "\(prefix)/bin/ctry", ["--data-dir", directory, "--offline", "--format", "plain", "details", "Egypt"],
        environment: ExternalTool.isolatedEnvironment(directory))
    }
    try Data().write(to: URL(fileURLWithPath: snapshot))
    let empty = try details()
    #expect(empty.status == 0 && empty.out.contains("Cairo") && empty.err.isEmpty, "\(empty.err)")
    #expect(FileManager.default.contents(atPath: snapshot) == shipped, "the shipped snapshot is copied again")

    try shipped.prefix(1000).write(to: URL(fileURLWithPath: snapshot))
    let torn = try details()
    #expect(torn.status == 0 && torn.out.contains("Cairo"), "\(torn.err)")
    #expect(torn.err.contains("not a valid database") && torn.err.split(separator: "\n").count == 1, "\(torn.err)")
    let again = try details()
    #expect(again.status == 0 && again.err.isEmpty, "\(again.err)")
  }

  /// Whether strace(1) can trace a child here (ptrace may be forbidden in a container).
  static let canTrace: Bool = {
    guard let strace = ExternalTool.find("strace") else { return false }
    return (try? ExternalTool.run(strace, ["-o", "/dev/null", "/bin/true"]).status) == 0
  }()

  /// The first start's copy of the shipped snapshot is flushed to the disk before it is renamed
  /// into place, and its directory after the rename, as every replacement is: the system calls,
  /// seen by strace(1), in their order.
  @Test(.enabled(if: InstallTests.canTrace, "needs strace(1) and ptrace"))
  func theFirstStartsCopyIsFlushedBeforeItIsRenamed() throws {
    let prefix = TestPaths.temporaryDirectory()
    try #require(try install(into: prefix).status == 0)
    let directory = TestPaths.temporaryDirectory()
    let log = TestPaths.temporaryDirectory() + "/strace.log"
    let traced = try ExternalTool.run(
      try #require(ExternalTool.find("strace")),
      [
        "-f", "-qq", "-o", log, "-e", "trace=openat,open,fsync,fdatasync,rename,renameat,renameat2",
        "\(prefix)/bin/ctry", "--data-dir", directory, "--offline", "--format", "plain", "details", "Egypt",
      ], environment: ExternalTool.isolatedEnvironment(directory))
    #expect(traced.status == 0 && traced.out.contains("Cairo"), "\(traced.err)")
    let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
    let temporary = "\(directory)/.catalog.sqlite.tmp-"
    // openat(AT_FDCWD, ".../.catalog.sqlite.tmp-PID-N", O_WRONLY|O_CREAT|…) = FD
    let opened = try #require(calls.firstIndex { $0.contains("\"\(temporary)") && $0.contains("O_CREAT") })
    let descriptor = try #require(calls[opened].split(separator: "=").last?.trimmingCharacters(in: .whitespaces))
    let renamed = try #require(
      calls.firstIndex { $0.contains("rename") && $0.contains(temporary) && $0.hasSuffix("= 0") }, "\(calls)")
    let flushed = calls[opened..<renamed].contains { $0.contains("fsync(\(descriptor))") && $0.hasSuffix("= 0") }
    #expect(flushed, "no fsync(\(descriptor)) between the copy's open and its rename: \(calls[opened...renamed])")
    // After the rename: the directory opened and flushed.
    let after = calls[renamed...]
    let directoryOpened = after.first { $0.contains("\"\(directory)\"") && $0.contains("O_RDONLY") }
    let directoryDescriptor = directoryOpened?.split(separator: "=").last?.trimmingCharacters(in: .whitespaces)
    #expect(
      directoryDescriptor.map { fd in after.contains { $0.contains("fsync(\(fd))") } } == true,
      "the directory is not flushed after the rename: \(Array(after.prefix(20)))")
  }

  @Test func refusesUnknownOptions() throws {
    let result = try ExternalTool.run("/bin/bash", ["\(TestPaths.repository)/Scripts/install", "--frobnicate"])
    #expect(result.status == 2)
  }
}
