import CtryTestSupport
import Foundation
import Testing

/// `flag` through the built binary, its output a pipe: the emoji and a description, no escapes.
@Suite(.ownThread) struct FlagBinaryTests {
  let directory = TestPaths.preparedDirectory()

  @Test(arguments: [[String: String](), ["COLORTERM": "truecolor"], ["NO_COLOR": "1"]])
  func aPipeGetsTheEmojiAndADescription(_ environment: [String: String]) throws {
    let result = try ProcessRunner.ctry(["--data-dir", directory, "flag", "Egypt"], environment: environment)
    #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
    #expect(result.out == "🇪🇬 Egypt: horizontal bands of red, white and black; also yellow\n")
    #expect(!result.out.contains("\u{1B}"))
  }

  @Test func badWidthIsAUsageError() throws {
    let result = try ProcessRunner.ctry(["--data-dir", directory, "flag", "Egypt", "--width", "500"])
    #expect(result.status == 2 && result.out.isEmpty)
    #expect(result.err == "--width must be from 8 to 128, got 500\n")
  }

  @Test func kosovo() throws {
    let result = try ProcessRunner.ctry(["--data-dir", directory, "flag", "Kosovo"])
    #expect(result.status == 0 && result.out.hasPrefix("🇽🇰 Kosovo: no drawing: Debian's iso-flags-svg"))
  }

  /// Only `flag` reads the flags file: without it, `details` runs as before and `flag` names the file.
  @Test func onlyFlagReadsTheFile() throws {
    let missing = ["CTRY_FLAGS": "\(directory)/no-such-flags.txt"]
    let details = try ProcessRunner.ctry(
      ["--data-dir", directory, "--format", "plain", "details", "Egypt"], environment: missing)
    #expect(details.status == 0 && details.out.contains("Cairo"), "\(details.err)")
    let flag = try ProcessRunner.ctry(["--data-dir", directory, "flag", "Egypt"], environment: missing)
    #expect(flag.status != 0 && flag.err.contains("no-such-flags.txt"), "\(flag.err)")
  }
}
