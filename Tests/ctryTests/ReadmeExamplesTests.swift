import CtryGrammar
import CtryTestSupport
import Foundation
import Testing

/// Every `$ ctry …` line in README.md's examples runs and succeeds, in order in one home directory
/// (as a reader would type them), and prints what the README shows on the next lines.
@Suite(.ownThread) struct ReadmeExamplesTests {
  struct Example: Sendable, CustomStringConvertible {
    var command: String
    var expected: String?
    var description: String { command }
  }

  static let examples: [Example] = {
    guard let text = try? String(contentsOfFile: "\(TestPaths.repository)/README.md", encoding: .utf8) else {
      return []
    }
    var result: [Example] = []
    var inConsole = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") {
        inConsole = line == "```console"
        continue
      }
      guard inConsole else { continue }
      if line.hasPrefix("$ ") {
        result.append(Example(command: String(line.dropFirst(2))))
      } else if !result.isEmpty {
        result[result.count - 1].expected = (result[result.count - 1].expected ?? "") + line + "\n"
      }
    }
    return result
  }()

  /// A newcomer reads it in five minutes: at most 160 lines, with about ten examples, each showing
  /// its output.
  @Test func shortWithExamplesThatShowTheirOutput() throws {
    let text = try String(contentsOfFile: "\(TestPaths.repository)/README.md", encoding: .utf8)
    #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count <= 160)
    #expect(Self.examples.count >= 10)
    for example in Self.examples { #expect(example.expected != nil, "\(example.command) shows no output") }
  }

  @Test func examplesWorkAsWritten() throws {
    let directory = TestPaths.preparedDirectory()
    for example in Self.examples { try run(example, in: directory) }
  }

  func run(_ example: Example, in directory: String) throws {
    let binDirectory = (TestPaths.binary as NSString).deletingLastPathComponent
    let result = try Subprocess.run(
      "/bin/sh", ["-c", example.command],
      environment: [
        "PATH": "\(binDirectory):/usr/bin:/bin", "HOME": directory, "TZ": "Africa/Cairo", "LANG": "C.UTF-8",
      ], directory: directory)
    if example.command.contains("| jq"), !FileManager.default.isExecutableFile(atPath: "/usr/bin/jq") {
      return
    }
    #expect(result.status == 0, "\(example.command): \(result.err)")
    #expect(result.err.isEmpty, "\(example.command): \(result.err)")
    if let expected = example.expected { #expect(result.out == expected, "\(example.command)") }
  }
}
