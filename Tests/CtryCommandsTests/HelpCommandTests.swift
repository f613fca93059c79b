import CtryTestSupport
import Foundation
import Testing

@Suite struct HelpCommandTests {
  @Test func listsEveryCommand() async {
    let result = await TestShell().run("help")
    for name in ["search", "details", "borders", "currencies", "favorites", "home", "deal", "help", "exit"] {
      #expect(result.out.contains("  \(name) "), "help lists \(name)")
    }
  }

  /// `help --json` is the command list as data: one object per command, with its kind and usage.
  @Test func theListAsJSON() async throws {
    let result = await TestShell().run("help --json")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: String]])
    let search = try #require(objects.first { $0["name"] == "search" })
    #expect(search["kind"] == "command" && search["usage"]?.hasPrefix("search [TEXT]") == true)
    #expect(
      objects.count > 20 && objects.allSatisfy { Set($0.keys) == ["name", "kind", "summary", "aliases", "usage"] })
    let one = await TestShell().run("help compare --format csv")
    #expect(one.out.hasPrefix("name,kind,summary,aliases,usage\r\ncompare,command,"), "\(one.out)")
  }

  /// The output flags are offered to every command but those that print no data, and those say so.
  @Test func theCommandsThatPrintNoDataAreNamed() async {
    let list = await TestShell().run("help")
    #expect(list.out.contains("Output flags for every command but quiz, echo, clear and exit: --format"))
    let echo = await TestShell().run("help echo")
    #expect(echo.out.contains("Output flags: none; echo prints no data to shape"))
    let details = await TestShell().run("help details")
    #expect(details.out.contains("Output flags: --format table|json|csv|plain, --json, --no-color"))
  }

  @Test func unknownCommandSuggests() async {
    let result = await TestShell().run("serch germany")
    #expect(result.status == 2)
    #expect(result.err == "unknown command 'serch' — did you mean 'search'?\n")
    #expect(await TestShell().run("help serch").status == 2)
  }

  /// Only a real command name that is close is suggested: never `?` for a one-letter word, nor the
  /// first of the commands a letter begins (`d`: deal or details? `q`: quit or quiz?); a word only one
  /// command begins is.
  @Test func unknownCommandSuggestsOnlyCloseRealNames() async {
    for word in ["x", "z", "!", "d", "q"] {
      let result = await TestShell().run(word)
      #expect(result.status == 2)
      #expect(result.err == "unknown command '\(word)' — type 'help' to see the commands\n", "\(result.err)")
    }
    #expect(await TestShell().run("ex").err == "unknown command 'ex' — did you mean 'exit'?\n")
    #expect(await TestShell().run("hlep").err == "unknown command 'hlep' — did you mean 'help'?\n")
    #expect(await TestShell().run("comprae").err == "unknown command 'comprae' — did you mean 'compare'?\n")
  }

  /// The engine's suggestion is the registry's one, with aliases and plugins among the candidates.
  @Test func unknownCommandSuggestsAliasesTooThroughTheRegistry() async {
    let shell = TestShell()
    #expect(await shell.run("alias lookup = details").status == 0)
    let result = await shell.run("lookpu germany")
    #expect(result.err == "unknown command 'lookpu' — did you mean 'lookup'?\n")
    let error = shell.engine.context.registry.unknownCommand("lookpu", alsoKnown: ["lookup"])
    #expect(error.hint == "did you mean 'lookup'?")
  }

  @Test func exitEndsTheSession() async {
    #expect(await TestShell().engine.run(line: "exit") == .exit(0))
    #expect(await TestShell().engine.run(line: "quit 3") == .exit(3))
  }
}
