import CtryTestSupport
import Foundation
import Testing

/// Declarations say what is true (issue 14, item 5).
@Suite struct HonestDeclarationsTests {
  /// Only the `CountryKit` product has public API; the other modules use `package` access.
  @Test(arguments: ["Sources/CtryShell", "Sources/CtryCommands", "Sources/ctry", "Tests/CtryTestSupport"])
  func noPublicDeclarationsOutsideCountryKit(_ directory: String) throws {
    let root = "\(TestPaths.repository)/\(directory)"
    let declaration =
      #/(^|\s|@\w+\s)public\s+(?:[a-z]+\s+)*(struct|enum|class|actor|protocol|func|var|let|init|typealias|extension|subscript|static|final|nonisolated|convenience|override|required|indirect)\b/#
    var found: [String] = []
    let files = FileManager.default.enumerator(atPath: root)
    while let file = files?.nextObject() as? String {
      guard file.hasSuffix(".swift") else { continue }
      let text = try String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where line.contains(declaration) {
        found.append("\(directory)/\(file):\(number + 1)")
      }
    }
    #expect(found.isEmpty, "public outside CountryKit: \(found.prefix(5))")
  }

  /// The manifest claims no platform the code does not build on (Glibc calls outside any `#if`).
  @Test func manifestClaimsNoMacOSSupport() throws {
    let manifest = try String(contentsOfFile: "\(TestPaths.repository)/Package.swift", encoding: .utf8)
    #expect(!manifest.contains(".macOS("))
  }

  /// `CountryAPIClient.swift` holds the client protocol (and its factory), not ten unrelated types.
  @Test func apiClientFileHoldsOnlyTheProtocol() throws {
    let path = "\(TestPaths.repository)/Sources/CountryKit/Network/CountryAPIClient.swift"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let topLevel = text.split(separator: "\n").filter {
      $0.contains(#/^(public |package )?(final )?(struct|enum|class|actor|protocol|extension) /#)
    }
    #expect(topLevel.count <= 2, "\(topLevel)")
  }

  /// `swift test` builds the binary the end-to-end tests run, and the fake server's own tests live in
  /// a test target of their own, not among the shell's.
  @Test func testTargetsDependOnWhatTheyTest() throws {
    let manifest = try String(contentsOfFile: "\(TestPaths.repository)/Package.swift", encoding: .utf8)
    #expect(manifest.contains(#".testTarget(name: "ctryTests", dependencies: ["ctry","#))
    #expect(manifest.contains(#".testTarget(name: "FakeServerTests""#))
    let shellTests = "\(TestPaths.repository)/Tests/CtryShellTests/FakeServerSelfTests.swift"
    #expect(!FileManager.default.fileExists(atPath: shellTests))
  }

  /// One entry-point style: `ctry` is a synchronous `ParsableCommand` (it has no async `run()`), and
  /// `CtryBench` parses its arguments with ArgumentParser (its errors and `--help` are ArgumentParser's).
  @Test func entryPointsUseArgumentParser() throws {
    let cli = try String(contentsOfFile: "\(TestPaths.repository)/Sources/ctry/CtryCLI.swift", encoding: .utf8)
    #expect(cli.contains("struct CtryCLI: ParsableCommand {"))
    let bench = (TestPaths.binary as NSString).deletingLastPathComponent + "/CtryBench"
    try #require(FileManager.default.isExecutableFile(atPath: bench), "swift build makes \(bench)")
    let emitted = try ExternalTool.run(bench, ["--emit-commands", "2"])
    #expect(emitted.status == 0 && emitted.out.split(separator: "\n").count == 2, "\(emitted.err)")
    let missing = try ExternalTool.run(bench, ["--emit-commands"])
    #expect(missing.status != 0 && missing.err.contains("Missing value for '--emit-commands <N>'"), "\(missing.err)")
    let help = try ExternalTool.run(bench, ["--help"])
    #expect(help.out.contains("USAGE: CtryBench"), "\(help.out)")
  }
}
