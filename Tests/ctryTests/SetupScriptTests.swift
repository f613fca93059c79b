import CtryTestSupport
import Foundation
import Testing

/// `Scripts/setup` installs what Debian has, and names the one thing it cannot install: Swift.
@Suite(.ownThread) struct SetupScriptTests {
  let setup = "\(TestPaths.repository)/Scripts/setup"
  let advice =
    "install it from https://www.swift.org/install/linux/ (or with swiftly), then run Scripts/setup again\n"

  /// The version Package.swift's first line asks for.
  var needed: String {
    get throws {
      let manifest = try String(contentsOfFile: "\(TestPaths.repository)/Package.swift", encoding: .utf8)
      let first = manifest.prefix { $0 != "\n" }
      return try #require(first.split(separator: " ").last.map(String.init), "\(first)")
    }
  }

  @Test func withoutSwiftItSaysWhereToGetIt() throws {
    let result = try ExternalTool.run("/bin/bash", [setup], environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 1 && result.out.isEmpty)
    #expect(result.err == "setup: ctry needs Swift \(try needed) or later, and there is no 'swift' on PATH: \(advice)")
  }

  @Test func anOlderSwiftIsNamed() throws {
    let directory = TestPaths.temporaryDirectory()
    let swift = "\(directory)/swift"
    try "#!/bin/sh\necho 'Swift version 5.10.1 (swift-5.10.1-RELEASE)'\n".write(
      toFile: swift, atomically: true, encoding: .utf8)
    #expect(chmod(swift, 0o755) == 0)
    let result = try ExternalTool.run(
      "/bin/bash", [setup], environment: ["PATH": "\(directory):/usr/bin:/bin"])
    #expect(result.status == 1 && result.out.isEmpty)
    #expect(result.err == "setup: ctry needs Swift \(try needed) or later, and 'swift' on PATH is 5.10.1: \(advice)")
  }
}
