import CountryKit
import CountryNetwork
import CountryStorage
import CtryTestSupport
import Foundation
import Testing

/// ctry.1 renders without errors or warnings, and documents every built-in command, alias and
/// process option of the built binary, and every file it keeps, so the page cannot silently fall
/// behind; its command list is written from the command registry (Scripts/make-docs).
@Suite(.ownThread) struct ManPageTests {
  static var page: String { "\(TestPaths.repository)/ctry.1" }
  static var text: String { (try? String(contentsOfFile: page, encoding: .utf8)) ?? "" }

  /// Runs the built ctry with nothing of the user's (no init.ctry, no plugins on PATH).
  func ctry(_ arguments: [String]) throws -> ExternalTool.Result {
    let home = TestPaths.temporaryDirectory()
    return try ExternalTool.run(
      TestPaths.binary, ["--data-dir", home] + arguments, environment: ExternalTool.isolatedEnvironment(home))
  }

  /// The names in `ctry help`'s command list.
  func commandNames() throws -> [String] {
    let help = try ctry(["help"])
    try #require(help.status == 0, "\(help.err)")
    let lines = help.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(lines.firstIndex(of: "Commands:"), "no 'Commands:' in ctry help:\n\(help.out)")
    return lines[(start + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
  }

  @Test(.enabled(if: ExternalTool.find("mandoc") != nil, "mandoc is not installed (Scripts/setup --test installs it)"))
  func mandocLintIsClean() throws {
    let mandoc = try #require(ExternalTool.find("mandoc"))
    let lint = try ExternalTool.run(mandoc, ["-T", "lint", "-W", "warning", Self.page])
    #expect(
      lint.status == 0 && lint.out.isEmpty && lint.err.isEmpty,
      "mandoc -T lint -W warning ctry.1:\n\(lint.out)\(lint.err)")
  }

  @Test(.enabled(if: ExternalTool.find("groff") != nil, "groff is not installed (Scripts/setup --test installs it)"))
  func groffRendersWithoutWarnings() throws {
    let groff = try #require(ExternalTool.find("groff"))
    let rendered = try ExternalTool.run(groff, ["-mdoc", "-Tutf8", "-ww", "-z", Self.page])
    #expect(rendered.status == 0 && rendered.err.isEmpty, "groff -mdoc -ww ctry.1:\n\(rendered.err)")
  }

  /// The COMMANDS list of ctry.1 is what `Scripts/make-docs` writes from the command registry: every
  /// command, with its aliases, usage, summary and flags.
  @Test func commandListsAreWrittenFromTheRegistry() throws {
    let result = try ExternalTool.run(
      "\(TestPaths.repository)/Scripts/make-docs", ["--check", "--binary", TestPaths.binary],
      directory: TestPaths.repository)
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out == "make-docs: ctry.1 is up to date\n", "\(result.out)")
  }

  /// FILES in ctry.1 names every file at the path the code uses.
  @Test func filesAreThePathsTheCodeUses() throws {
    let variables = ["XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"]
    var environment = Dictionary(uniqueKeysWithValues: variables.map { ($0, "/" + $0) })
    environment["HOME"] = "/home/someone"
    let paths = try #require(AppPaths.resolve(environment: environment, override: nil, accountHome: { nil }))
    let state = StateDatabase(paths: paths).path
    let catalog = CountryCache(directory: paths.cacheDirectory).path
    let files = [
      state, catalog, paths.historyFile, paths.networkFile, paths.initScript,
      APIKeyStore(directory: paths.configDirectory).path,
    ].map { path in variables.reduce(path) { $0.replacing("/" + $1, with: "$" + $1) } }
    let locks = [state, catalog].map { ($0 as NSString).lastPathComponent + ".lock" }
    let text = Self.text
    let start = try #require(text.range(of: "\n.Sh FILES\n"), "ctry.1 has a FILES section")
    let section = String(text[start.upperBound...]).components(separatedBy: "\n.Sh ").first ?? ""
    for file in files {
      let listed = section.contains(".It Pa \(file)\n")
      #expect(listed, "ctry.1's FILES lacks '.It Pa \(file)'")
    }
    for lock in locks {
      let listed = section.contains(lock)
      #expect(listed, "the lock file \(lock) is not in ctry.1's FILES")
    }
  }

  /// SCRIPTS' example, `trip.ctry` as the page prints it, runs to its end for an island (no land
  /// borders is an answer, not a failure), so its `currencies` line is reached.
  @Test func theExampleScriptRunsToItsEndForIslands() throws {
    let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasPrefix("# trip.ctry") })
    let end = try #require(lines[start...].firstIndex { $0 == ".Ed" })
    let script = lines[start..<end].joined(separator: "\n").replacing("\\(em", with: "—").replacing("\\-", with: "-")
    let directory = TestPaths.preparedDirectory()
    let path = "\(directory)/trip.ctry"
    try (script + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    for (island, currency) in [("New Zealand", "NZD"), ("Japan", "JPY"), ("Iceland", "ISK")] {
      let result = try ProcessRunner.ctry([path, island], directory: directory)
      #expect(result.status == 0, "\(island): \(result.err)")
      #expect(result.out.contains(currency), "\(island): the currencies line ran: \(result.out)")
      #expect(result.err.contains("has no land borders"), "\(island): \(result.err)")
    }
  }

  @Test func isAnMdocPageForSectionOne() {
    let text = Self.text
    for macro in [".Dd ", ".Dt CTRY 1", ".Os", ".Sh NAME", ".Sh SYNOPSIS", ".Sh DESCRIPTION", ".Sh EXIT STATUS"] {
      let present = text.contains(macro)
      #expect(present, "ctry.1 lacks \(macro)")
    }
  }

  @Test func documentsEveryCommand() throws {
    let names = try commandNames()
    #expect(names.count >= 12 && names.contains("search") && names.contains("exit"), "parsed \(names)")
    let items = Self.text.split(separator: "\n").filter { $0.hasPrefix(".It Ic ") }
    for name in names {
      #expect(
        items.contains { $0 == ".It Ic \(name)" || $0.hasPrefix(".It Ic \(name) ") },
        "ctry.1 has no '.It Ic \(name)' entry under COMMANDS")
    }
  }

  @Test func documentsEveryAlias() throws {
    let names = try commandNames()
    let help = try ctry(names.flatMap { ["-c", "help \($0)"] })
    #expect(help.status == 0, "\(help.err)")
    let aliases = help.out.split(separator: "\n").filter { $0.hasPrefix("Aliases: ") }.flatMap {
      $0.dropFirst("Aliases: ".count).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    #expect(aliases.contains("find"), "parsed \(aliases)")
    let text = Self.text
    for alias in aliases {
      let escaped = alias == "?" ? "\\&?" : alias
      let mentioned = text.contains(".Ic \(escaped)")
      #expect(mentioned, "ctry.1 does not mention the alias \(alias)")
    }
  }

  @Test func documentsEveryOption() throws {
    let help = try ctry(["--help"])
    #expect(help.status == 0)
    let options = Set(
      help.out.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," || $0 == "[" || $0 == "]" }).filter {
        $0.hasPrefix("--") && $0.count > 2
      }.map { String($0.dropFirst(2)) })
    #expect(options.contains("format") && options.contains("no-init"), "parsed \(options)")
    let text = Self.text
    for option in options {
      let documented = text.contains("Fl \\-\(option)")
      #expect(documented, "ctry.1 does not document --\(option)")
    }
    let documentsC = text.contains(".It Fl c Ar command")
    #expect(documentsC, "ctry.1 does not document -c")
  }
}
