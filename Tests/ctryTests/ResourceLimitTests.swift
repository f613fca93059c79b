import CtryTestSupport
import Foundation
import Glibc
import Testing

/// ctry under resource limits a user or a service manager may set: each gives one line naming the
/// limit and an exit status, never a hang, a trap or a signal.
@Suite(.ownThread, .serialized, .tags(.slow)) struct ResourceLimitTests {
  let home = TestPaths.temporaryDirectory()

  /// `ctry ARGUMENTS` started by `sh` after `ulimit LIMIT`, with its own cache and data directories.
  func ctry(under limit: String, _ arguments: [String]) throws -> Subprocess.Result {
    let quoted = ([TestPaths.binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
    return try Subprocess.run(
      "/bin/sh", ["-c", "ulimit \(limit) && exec \(quoted)"],
      environment: [
        "HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "XDG_CACHE_HOME": "\(home)/cache",
        "XDG_DATA_HOME": "\(home)/data",
      ], timeout: .seconds(120))
  }

  @Test func aLowDescriptorLimitIsOneLineNotATrap() throws {
    for limit in [5, 6, 7, 8] {
      let result = try ctry(under: "-n \(limit)", ["details", "Egypt"])
      #expect(!result.timedOut && result.status == 71, "ulimit -n \(limit): \(result)")
      #expect(
        result.err.hasPrefix("ctry: too few file descriptors") && result.err.contains("ulimit -n"), "\(result.err)")
      #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
    }
  }

  @Test func aLowMemoryLimitIsOneLineNotAHang() throws {
    let result = try ctry(under: "-v 50000", ["details", "Egypt"])
    #expect(!result.timedOut, "blocked until killed")
    if result.status == 0 {
      #expect(result.out.contains("Egypt"))
    } else {
      #expect(result.status == 71, "\(result)")
      #expect(result.err.contains("ulimit -v") && result.err.split(separator: "\n").count == 1, "\(result.err)")
    }
  }

  /// A thread's stack counts against the data limit too: under a low `ulimit -d` Dispatch cannot
  /// start the threads async work waits for, which is one line, as under `-v`.
  @Test func aLowDataLimitIsOneLineNotAHang() throws {
    let result = try ctry(under: "-d 10000", ["details", "Egypt"])
    #expect(!result.timedOut && result.status == 71, "\(result)")
    #expect(result.err.hasPrefix("ctry: cannot start its threads") && result.err.contains("ulimit -d"), "\(result.err)")
    #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
  }

  /// A server and a catalog refreshed from it; the snapshot's bytes, to compare after a refresh that
  /// must change nothing.
  func refreshedCatalog(_ records: Data) throws -> (FakeRestCountriesServer, [String], Data) {
    let server = try FakeRestCountriesServer(v31Records: records)
    let arguments = ["--data-dir", "\(home)/data", "--api", "\(server.baseURL)/v3.1"]
    let first = try ProcessRunner.ctry(arguments + ["refresh"], directory: home)
    try #require(first.status == 0, "\(first)")
    let snapshot = try #require(FileManager.default.contents(atPath: "\(home)/data/catalog.sqlite"))
    return (server, arguments, snapshot)
  }

  /// A refresh under a data limit it cannot work in fails in one line with exit 71 and changes
  /// nothing, whatever the limit: never a hang, an abort or a segmentation fault. Under a limit that
  /// leaves room, it refreshes.
  @Test func aRefreshUnderADataLimitIsOneLineOrDone() throws {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    let (server, arguments, before) = try refreshedCatalog(data)
    defer { server.stop() }
    for limit in [10_000, 20_000, 30_000, 40_000, 45_000, 50_000, 55_000, 60_000, 80_000, 400_000] {
      let result = try ctry(under: "-d \(limit)", arguments + ["refresh", "--force"])
      #expect(!result.timedOut && [0, 71].contains(result.status), "ulimit -d \(limit): \(result)")
      if result.status == 0 {
        #expect(result.out.hasPrefix("Refreshed 250 countries"), "ulimit -d \(limit): \(result)")
      } else {
        #expect(result.err.contains("ulimit -d") && result.err.split(separator: "\n").count == 1, "\(result.err)")
        let after = FileManager.default.contents(atPath: "\(home)/data/catalog.sqlite")
        #expect(after == before, "ulimit -d \(limit): the catalog is untouched")
      }
      #expect(limit < 400_000 || result.status == 0, "room enough: \(result)")
    }
  }

  /// JSON nested deeper than ctry's formats go is refused as unexpected data, at any stack size ctry
  /// starts with: the parser's depth is bounded, and its use of the stack does not grow with depth.
  @Test func deepNestingInARecordIsUnexpectedDataUnderASmallStack() throws {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    var records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let egypt = try #require(records.firstIndex { $0["cca3"] as? String == "EGY" })
    let nested = try JSONSerialization.jsonObject(
      with: Data((String(repeating: "[", count: 450) + String(repeating: "]", count: 450)).utf8))
    var name = try #require(records[egypt]["name"] as? [String: Any])
    name["deep"] = nested
    records[egypt]["name"] = name
    let (server, arguments, before) = try refreshedCatalog(data)
    defer { server.stop() }
    let deep = try FakeRestCountriesServer(v31Records: try JSONSerialization.data(withJSONObject: records))
    defer { deep.stop() }
    let api = ["--api", "\(deep.baseURL)/v3.1"]
    for stack in [64, 80, 96, 8192] {
      let result = try ctry(under: "-s \(stack)", Array(arguments.prefix(2)) + api + ["refresh", "--force"])
      #expect(!result.timedOut && result.status == 1, "ulimit -s \(stack): \(result)")
      #expect(result.err.hasPrefix("refresh failed: unexpected data"), "ulimit -s \(stack): \(result.err)")
      #expect(result.err.contains("nesting deeper than"), "\(result.err)")
      #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
      #expect(FileManager.default.contents(atPath: "\(home)/data/catalog.sqlite") == before)
    }
  }

  /// Past the file-size limit a write fails like one on a full disk: the catalog is used in memory
  /// with one warning, this start and the next, and a favorite that cannot be stored is one error.
  @Test func aLowFileSizeLimitIsLikeAFullDisk() throws {
    for run in 1...2 {
      let result = try ctry(under: "-f 50", ["--format", "plain", "details", "Egypt"])
      #expect(result.status == 0 && result.out.contains("Capital: Cairo"), "run \(run): \(result)")
      #expect(result.err.contains("ulimit -f") && result.err.split(separator: "\n").count == 1, "\(result.err)")
    }
    // Two lines: the catalog's warning, then the error of the favorite that was not stored.
    let stored = try ctry(under: "-f 2", ["favorites", "add", "Peru"])
    let lines = stored.err.split(separator: "\n")
    #expect(stored.status == 1, "\(stored)")
    #expect(lines.count == 2 && lines.allSatisfy { $0.contains("ulimit -f") }, "\(stored.err)")
    #expect(lines.last?.contains("state.sqlite") == true, "\(stored.err)")
  }

  /// A full disk (a 64 KB tmpfs, nearly filled) is named in ctry's words: no "disk I/O error", no SQL.
  @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
  func aFullDiskIsOneLineInCtrysWords() throws {
    let disk = TestPaths.temporaryDirectory()
    let mounted = try Subprocess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk])
    try #require(mounted.status == 0, "\(mounted)")
    defer { _ = try? Subprocess.run("/bin/umount", [disk]) }
    try Data(count: 40_000).write(to: URL(fileURLWithPath: "\(disk)/filler"))
    let result = try Subprocess.run(
      TestPaths.binary, ["--data-dir", disk, "favorites", "add", "Peru"],
      environment: ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], timeout: .seconds(120))
    #expect(result.status == 1, "\(result)")
    #expect(
      result.err.hasSuffix("cannot use \(disk)/state.sqlite: the disk is full — free some space\n"), "\(result.err)")
    #expect(!result.err.contains("I/O") && !result.err.contains("PRAGMA") && !result.err.contains("prepare"))
  }

  /// A FIFO where the state database belongs never blocks: it is named for what it is.
  @Test func aFIFOAtTheStateDatabaseIsOneLine() throws {
    try FileManager.default.createDirectory(atPath: "\(home)/data/ctry", withIntermediateDirectories: true)
    #expect(mkfifo("\(home)/data/ctry/state.sqlite", 0o600) == 0)
    let result = try ctry(under: "-n 1024", ["favorites"])
    #expect(!result.timedOut && result.status == 1, "\(result)")
    #expect(
      result.err.contains("is not a regular file") && result.err.split(separator: "\n").count == 1, "\(result.err)")
  }
}
