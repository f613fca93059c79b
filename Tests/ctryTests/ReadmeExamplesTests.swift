import CtryGrammar
import CtryTestSupport
import Foundation
import Testing

/// Every `$ ctry …` line in README.md's examples runs and succeeds, in order in one home directory
/// (as a reader would type them); where the README shows output on the next lines, it matches.
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

  @Test func readmeHasExamples() {
    #expect(Self.examples.count >= 15)
  }

  @Test func examplesWorkAsWritten() throws {
    let directory = TestPaths.preparedDirectory()
    for example in Self.examples { try run(example, in: directory) }
  }

  /// The README's `trip.ctry`, exactly as printed there, runs to its end for an island (no land
  /// borders is an answer, not a failure), so its `currencies` line is reached.
  @Test func theTripScriptRunsToItsEndForIslands() throws {
    let text = try String(contentsOfFile: "\(TestPaths.repository)/README.md", encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasPrefix("# trip.ctry") })
    let end = try #require(lines[start...].firstIndex { $0.hasPrefix("```") })
    let directory = TestPaths.preparedDirectory()
    let script = "\(directory)/trip.ctry"
    try (lines[start..<end].joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
    for (island, currency) in [("New Zealand", "NZD"), ("Japan", "JPY"), ("Iceland", "ISK")] {
      let result = try ProcessRunner.ctry([script, island], directory: directory)
      #expect(result.status == 0, "\(island): \(result.err)")
      #expect(result.out.contains(currency), "\(island): the currencies line ran: \(result.out)")
      #expect(result.err.contains("has no land borders"), "\(island): \(result.err)")
    }
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
