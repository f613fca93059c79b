import CtryTestSupport
import Foundation
import Testing

/// One spawner and one retry loop, in the product and its tests alike (issue 14, items 1 and 2).
@Suite struct OneMechanismTests {
  /// The Swift files under Sources and Tests (this one aside, which names what it looks for), by
  /// path from the repository.
  static func swiftFiles() throws -> [String: String] {
    var files: [String: String] = [:]
    for directory in ["Sources", "Tests"] {
      let enumerator = FileManager.default.enumerator(atPath: "\(TestPaths.repository)/\(directory)")
      while let file = enumerator?.nextObject() as? String {
        guard file.hasSuffix(".swift"), !file.hasSuffix("OneMechanismTests.swift") else { continue }
        files["\(directory)/\(file)"] = try String(
          contentsOfFile: "\(TestPaths.repository)/\(directory)/\(file)", encoding: .utf8)
      }
    }
    return files
  }

  /// Files whose code (comments aside) matches `pattern`.
  static func files(matching pattern: Regex<Substring>) throws -> [String] {
    try swiftFiles().filter { _, text in
      text.split(separator: "\n").contains { line in
        let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return code.contains(pattern)
      }
    }.keys.sorted()
  }

  /// Every child process starts in CleanSpawn: Foundation's Process and other posix_spawn calls are gone.
  @Test func oneSpawner() throws {
    #expect(try Self.files(matching: #/\bProcess\(\)|Foundation\.Process\b|\bPipe\(\)/#) == [])
    #expect(try Self.files(matching: #/\bposix_spawnp?\(/#) == ["Sources/CtryShell/Plugins/CleanSpawn.swift"])
    #expect(try Self.files(matching: #/\bfork\(\)/#) == [])
  }

  /// Every call retried after EINTR is retried in SystemCall.
  @Test func oneRetryLoop() throws {
    #expect(
      try Self.files(matching: #/EINTR.*(?:\{\s*continue\s*\}|\{\s*\})/#) == [
        "Sources/CountryKit/Support/SystemCall.swift"
      ])
  }
}
