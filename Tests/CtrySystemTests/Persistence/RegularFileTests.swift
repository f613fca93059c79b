import CtrySystem
import CtryTestSupport
import Foundation
import Glibc
import Testing

/// The one reader of files: a regular file whole, whatever its size says, up to a limit; anything
/// else refused at once, without a wait and without reading it.
@Suite struct RegularFileTests {
  let directory = TestPaths.temporaryDirectory()

  func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let path = "\(directory)/\(name)"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// A regular file, an empty one, a `/proc` file whose size reads 0, and one larger than a page.
  @Test func readsARegularFileWhole() throws {
    let large = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    #expect(try RegularFile.read(try write(large, "large"), limit: 200_000) == large)
    #expect(try RegularFile.read(try write([], "empty"), limit: 10) == [])
    let status = try RegularFile.read("/proc/self/status", limit: 1 << 20)
    #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
    #expect(String(decoding: status, as: UTF8.self).contains("VmRSS:"), "read past the first page")
  }

  @Test func aFileOverTheLimitIsRefusedAndAHeadOrTailIsTaken() throws {
    let path = try write(Array("one\ntwo\nthree\n".utf8), "lines")
    #expect(throws: RegularFile.Failure.tooLarge(limit: 13)) { try RegularFile.read(path, limit: 13) }
    #expect(try RegularFile.read(path, limit: 14).count == 14)
    #expect(try RegularFile.head(path, limit: 3) == Array("one".utf8))
    let fd = try RegularFile.open(path)
    defer { close(fd) }
    let tail = try RegularFile.tail(fd, limit: 6)
    #expect(tail.bytes == Array("three\n".utf8) && tail.skipped == 8)
    #expect(RegularFile.Failure.tooLarge(limit: 1 << 20).description == "it is larger than 1 MiB")
  }

  /// A device behind a link, a directory: refused, named. (A FIFO, which a wrong open would wait on
  /// for ever, is tried through the binary, which a test can kill: `FileReadingTests`.)
  @Test func anythingButARegularFileIsRefused() throws {
    let zero = "\(directory)/zero"
    try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
    #expect(throws: RegularFile.Failure.notRegular(.characterDevice)) { try RegularFile.read(zero, limit: 10) }
    #expect(throws: RegularFile.Failure.notRegular(.directory)) { try RegularFile.read(directory, limit: 10) }
    #expect(throws: RegularFile.Failure.missing) { try RegularFile.read("\(directory)/missing", limit: 10) }
    #expect(
      RegularFile.Failure.notRegular(.fifo).description == "it is a FIFO, not a regular file")
  }

  @Test func aLinkIsFollowedOnlyWhenAsked() throws {
    let target = try write(Array("key".utf8), "target")
    let link = "\(directory)/link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(try RegularFile.read(link, limit: 10) == Array("key".utf8))
    #expect(throws: RegularFile.Failure.symbolicLink) { try RegularFile.read(link, limit: 10, followingLinks: false) }
  }
}
