import CtryTestSupport
import Foundation
import Testing

/// `map` on a real terminal (tmux) is fitted to its width, in colour and in plain format.
@Suite(.ownThread, .enabled(if: TerminalSession.isAvailable, "tmux is installed by Scripts/test"), .tags(.terminal))
struct MapTerminalTests {
  func mapLines(_ arguments: [String], width: Int) throws -> [String] {
    let session = try TerminalSession(arguments: ["--no-init"] + arguments, width: width, height: 60)
    let screen = try session.waitFor("◉ Cairo")
    #expect(session.exitStatus() == 0)
    let lines = screen.split(separator: "\n").map(String.init)
    let start = try #require(lines.firstIndex { $0.hasPrefix("Egypt · 1 column") }, "\(screen)")
    let end = try #require(lines.firstIndex { $0.hasPrefix("◉ Cairo") }, "\(screen)")
    return Array(lines[(start + 1)..<end])
  }

  @Test(arguments: [70, 130])
  func fitsTheTerminal(_ width: Int) throws {
    for arguments in [["map", "Egypt"], ["map", "Egypt", "--format", "plain"]] {
      let picture = try mapLines(arguments, width: width)
      let widest = picture.map(\.count).max() ?? 0
      #expect(widest <= width && widest > width / 3, "\(arguments) at \(width) columns: \(widest) wide")
      #expect(picture.count <= width / 3, "at most a third as many rows as columns")
    }
  }
}
