import CountryNetwork
import CtryCommands
import CtryShell
import CtryTestSupport
import Foundation
import Testing

/// Every example in every command's help runs, through the registry, and succeeds with output.
/// Examples that need a server (a refresh, a live lookup) run against the fake REST Countries v5
/// server, after a refresh from it.
@Suite struct ExamplesTests {
  static let specs = BuiltinCommands.all.map(\.spec)
  /// Commands that change state and, like their Unix namesakes, print nothing when they succeed.
  static let silentCommands: Set = ["exit", "set", "alias", "unalias", "run", "clear"]

  @Test(arguments: specs.map(\.name))
  func examplesRunAsWritten(_ name: String) async throws {
    let spec = try #require(Self.specs.first { $0.name == name })
    #expect(!spec.examples.isEmpty, "\(name) has examples")
    let server = try FakeRestCountriesServer(
      v31Records: try #require(FileManager.default.contents(atPath: TestPaths.dataset)))
    defer { server.stop() }
    let shell = TestShell(api: APIConfiguration(baseURL: server.v5URL, key: APIKey(server.v5Key)))
    for example in spec.examples {
      if example.needsServer, name != "refresh" {
        let refreshed = await shell.run("refresh")
        #expect(refreshed.status == 0, "refresh before \(example.command): \(refreshed.err)")
      }
      for (file, contents) in example.files {
        try contents.write(toFile: "\(shell.directory)/\(file)", atomically: true, encoding: .utf8)
      }
      let result = await shell.run(example.command)
      #expect(result.status == example.status, "\(example.command): \(result.err)")
      #expect(result.err.isEmpty, "\(example.command): \(result.err)")
      if Self.silentCommands.contains(name) { continue }
      #expect(!result.out.isEmpty, "\(example.command) printed nothing")
    }
  }

  /// Each example's output in plain format, per command, against `Tests/Golden/examples/NAME.txt`
  /// (`$ COMMAND` then what it printed). Examples whose output varies from run to run (a random deal,
  /// timings, the server's answer) say so with `output: .varies` and are left out. After a deliberate
  /// change, rewrite the files with `CTRY_UPDATE_GOLDEN=1 swift test --filter ExamplesTests`.
  @Test(arguments: specs.map(\.name))
  func examplesPrintTheirExpectedOutput(_ name: String) async throws {
    let spec = try #require(Self.specs.first { $0.name == name })
    let shell = TestShell(format: .plain)
    var transcript = ""
    for example in spec.examples {
      for (file, contents) in example.files {
        try contents.write(toFile: "\(shell.directory)/\(file)", atomically: true, encoding: .utf8)
      }
      guard example.output == .fixed, !example.needsServer else { continue }
      let result = await shell.run(example.command)
      transcript += "$ \(example.command)\n\(result.out)"
    }
    let expected = try Golden.expected(for: transcript, file: "examples/\(name).txt")
    #expect(transcript == expected, "the examples of \(name) print what Tests/Golden/examples/\(name).txt says")
  }

  /// Plain output is for `grep`, `cut` and `diff`: no line of any command's ends in a space. Every
  /// example of every command runs, and maps of the boxed countries whose legend wraps.
  @Test func plainOutputHasNoTrailingSpaces() async throws {
    let shell = TestShell(format: .plain)
    var lines = Self.specs.flatMap(\.examples).filter { !$0.needsServer }.map(\.command)
    for country in ["Malta", "Tonga", "Aruba", "Palau", "Bahrain", "Antarctica"] {
      lines += [40, 60, 80].map { "map \(country) --width \($0)" }
    }
    lines += ["compare Egypt Antarctica 'Bouvet Island'", "details Antarctica", "status", "set", "help"]
    for (file, contents) in Self.specs.flatMap(\.examples).flatMap(\.files) {
      try contents.write(toFile: "\(shell.directory)/\(file)", atomically: true, encoding: .utf8)
    }
    for line in lines {
      let result = await shell.run(line)
      for printed in result.out.split(separator: "\n") where printed.hasSuffix(" ") {
        Issue.record("\(line): a line ends in a space: '\(printed)'")
      }
    }
  }

  @Test func everyCommandIsDeclaredCompletely() {
    for spec in Self.specs {
      #expect(!spec.summary.isEmpty, "\(spec.name)")
      #expect(spec.usage.hasPrefix(spec.name))
      for flag in spec.flags { #expect(!flag.summary.isEmpty, "\(spec.name) --\(flag.name)") }
    }
    let names = Self.specs.flatMap { [$0.name] + $0.aliases }
    #expect(Set(names).count == names.count, "no two commands share a name or alias")
  }
}
