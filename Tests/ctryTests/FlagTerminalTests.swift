import CtryTestSupport
import Foundation
import Testing

/// `flag` on a real terminal (tmux): half blocks in 24-bit colour when COLORTERM says so, else in
/// xterm's 256; no colour under NO_COLOR or --no-color.
@Suite(.ownThread, .enabled(if: TerminalSession.isAvailable, "tmux is installed by Scripts/test"), .tags(.terminal))
struct FlagTerminalTests {
  /// The screen with its colours, once ctry has exited.
  func screen(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
    let session = try TerminalSession(arguments: ["--no-init"] + arguments, environment: environment, width: 140)
    #expect(session.exitStatus() == 0)
    return try session.screen(escapes: true)
  }

  func drawingLines(_ screen: String) -> [Substring] {
    screen.split(separator: "\n").filter { $0.contains("▀") }
  }

  @Test func trueColorWhereTheTerminalSaysSo() throws {
    let screen = try screen(["flag", "Egypt"], environment: ["COLORTERM": "truecolor"])
    #expect(screen.contains("🇪🇬 Egypt"))
    #expect(screen.contains("38;2;") && screen.contains("48;2;"), "\(screen)")
    #expect(!screen.contains("38;5;"))
    #expect(drawingLines(screen).count == 12, "32 columns of a 4:3 flag: 24 pixels, 12 lines")
  }

  @Test func xterm256Otherwise() throws {
    let screen = try screen(["flag", "Egypt"])
    #expect(screen.contains("38;5;") && screen.contains("48;5;"), "\(screen)")
    #expect(!screen.contains("38;2;"))
  }

  @Test func widthChangesTheDrawing() throws {
    for width in [16, 64] {
      let lines = drawingLines(try screen(["flag", "Japan", "--width", "\(width)"]))
      #expect(lines.count == width * 3 / 8, "\(width) columns: \(lines.count) lines")
      #expect(lines.allSatisfy { $0.filter { $0 == "▀" }.count == width })
    }
  }

  @Test(arguments: [(["flag", "Egypt", "--no-color"], [:]), (["flag", "Egypt"], ["NO_COLOR": "1"])])
  func noColour(_ arguments: [String], _ environment: [String: String]) throws {
    let screen = try screen(arguments, environment: environment)
    #expect(screen.contains("🇪🇬 Egypt: horizontal bands of red, white and black"))
    #expect(!screen.contains("\u{1B}") && !screen.contains("▀"), "\(screen)")
  }

  @Test func kosovoHasItsEmojiAndANote() throws {
    let screen = try screen(["flag", "Kosovo"], environment: ["COLORTERM": "truecolor"])
    #expect(screen.contains("🇽🇰 Kosovo: no drawing: Debian's iso-flags-svg"), "\(screen)")
    #expect(!screen.contains("▀"))
  }
}
