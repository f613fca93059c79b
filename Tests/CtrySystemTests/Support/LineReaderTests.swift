import CtrySystem
import CtryTestSupport
import Foundation
import Glibc
import Testing

/// Lines from a descriptor as `readLine(strippingNewline: true)` gives them.
@Suite struct LineReaderTests {
  func lines(_ bytes: [UInt8]) throws -> [String] {
    let path = TestPaths.temporaryDirectory() + "/input"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let fd = try SystemCall.open(path, O_RDONLY | O_CLOEXEC)
    defer { close(fd) }
    var reader = LineReader(descriptor: fd)
    var lines: [String] = []
    while let line = reader.next() { lines.append(line) }
    #expect(reader.next() == nil, "the end stays the end")
    return lines
  }

  @Test func newlinesAndTheLastLine() throws {
    #expect(try lines(Array("a\nb\r\n\nc".utf8)) == ["a", "b", "", "c"])
    #expect(try lines([]) == [])
    #expect(try lines(Array("\n".utf8)) == [""])
    #expect(try lines(Array("\n\n".utf8)) == ["", ""])
  }

  /// Only a line feed ends a line; one "\r" before it goes with it ("\r\n" is one Character), and a
  /// "\r" anywhere else stays.
  @Test func carriageReturnsOnlyBeforeALineFeed() throws {
    #expect(try lines(Array("x\r".utf8)) == ["x\r"])
    #expect(try lines(Array("a\r\r\nb\rc\n".utf8)) == ["a\r", "b\rc"])
  }

  /// Invalid UTF-8 is repaired, a NUL stays, and a character of several bytes is whole.
  @Test func bytesBecomeTextAsReadLineMakesIt() throws {
    #expect(try lines([0x66, 0xFF, 0x0A, 0x61, 0x00, 0x62, 0x0A]) == ["f\u{FFFD}", "a\u{0}b"])
    #expect(try lines(Array("Côte d’Ivoire\n中国".utf8)) == ["Côte d’Ivoire", "中国"])
  }

  /// Lines across the 64 KB blocks, and one longer than a block.
  @Test func linesAcrossBlocks() throws {
    let long = String(repeating: "é", count: 100_000)
    var text = ""
    var expected: [String] = []
    for number in 0..<20_000 {
      expected.append("details \(number)")
    }
    expected.insert(long, at: 7_000)
    text = expected.joined(separator: "\n") + "\n"
    #expect(try lines(Array(text.utf8)) == expected)
  }
}
