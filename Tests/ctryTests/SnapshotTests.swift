import CtryTestSupport
import Foundation
import Testing

/// The catalog snapshot through the binary: damaged or unwritable, the answers stay right.
@Suite(.serialized) struct SnapshotTests {
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

  @Test(.enabled(if: getuid() != 0, "root writes into read-only directories"))
  func aReadOnlyCacheDirectoryStillGivesTheSameAnswers() throws {
    try FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: cacheDirectory)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: cacheDirectory) }
    let result = try ctry(["--json", "-c", "search"])
    let expected = try golden
    #expect(result.status == 0 && result.out == expected)
    #expect(result.err.hasPrefix("warning: cannot write the catalog snapshot"), "\(result.err)")
  }
}
