import CtryTestSupport
import Foundation
import Testing

@testable import CtrySystem

/// The one way a file is replaced: `AtomicFile.write` and the snapshot both go through `Replacement`.
@Suite struct AtomicFileTests {
  let directory = TestPaths.temporaryDirectory()

  @Test func theTemporaryFileIsBesideTheTargetAndNamedForItsProcess() {
    let replacement = AtomicFile.Replacement(of: "\(directory)/catalog.sqlite")
    #expect(replacement.directory == directory)
    #expect(replacement.temporary.hasPrefix("\(directory)/.catalog.sqlite.tmp-"))
    let name = String(replacement.temporary.dropFirst(directory.count + 1))
    #expect(AtomicFile.temporaryOwner(name) == getpid(), "removeStaleTemporaries knows it")
    #expect(AtomicFile.Replacement(of: "bare").directory == ".")
    #expect(AtomicFile.Replacement(of: "bare").temporary.hasPrefix(".bare.tmp-"))
    #expect(AtomicFile.Replacement(of: "/top").directory == "/")
    #expect(AtomicFile.Replacement(of: "/top").temporary.hasPrefix("/.top.tmp-"))
  }

  @Test func commitReplacesTheTargetAndDiscardLeavesIt() throws {
    let target = "\(directory)/file"
    try AtomicFile.write(Data("old".utf8), to: target)
    let kept = AtomicFile.Replacement(of: target)
    try Data("abandoned".utf8).write(to: URL(fileURLWithPath: kept.temporary))
    kept.discard()
    #expect(!FileManager.default.fileExists(atPath: kept.temporary))
    #expect(FileManager.default.contents(atPath: target) == Data("old".utf8))

    let replacement = AtomicFile.Replacement(of: target)
    try Data("new".utf8).write(to: URL(fileURLWithPath: replacement.temporary))
    try replacement.flush()
    try replacement.commit()
    #expect(FileManager.default.contents(atPath: target) == Data("new".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["file"], "no temporary left")
  }

  @Test func aFailedWriteLeavesNoTemporaryFile() throws {
    let target = "\(directory)/sub"
    try FileManager.default.createDirectory(atPath: "\(target)", withIntermediateDirectories: true)
    // Renaming a file over a directory fails: the old content (a directory) stays, and nothing else.
    #expect(throws: CtryError.self) { try AtomicFile.write(Data("x".utf8), to: target) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["sub"])
  }
}
