import CountryModel
import CtryGrammar
import CtryOutput
import CtrySystem
import Testing

@Suite struct ArgumentBinderTests {
  enum SortKey: String, Sendable, CaseIterable { case name, population, area }

  struct Flags: FlagGroup {
    let region = FlagKey<String>.option("region", .region, valueName: "R", "r")
    let independent = FlagKey<Bool>.switch("independent", "i")
    let sort = FlagKey<SortKey>.choice("sort", valueName: "KEY", "k")
    let limit = FlagKey<Int>.integer("limit", valueName: "N", "n")
    let member = FlagKey<[String]>.repeatable("member", .text, valueName: "ORG", "m")
  }

  let flags = Flags()
  let spec = CommandSpec(
    name: "search", summary: "s",
    positionals: [Positional("TEXT", .text, "t", optional: true, joinsWords: true)],
    flags: Flags.self)

  func bind(_ words: [String]) throws -> (Arguments, OutputOverrides) {
    try ArgumentBinder.bind(words, to: spec)
  }

  @Test func bindsFlagsSwitchesAndJoinedWords() throws {
    let (arguments, _) = try bind(["united", "--region", "Europe", "kingdom", "--independent", "--limit=3"])
    #expect(arguments.positionals == ["united kingdom"])
    #expect(arguments[flags.region] == "Europe")
    #expect(arguments[flags.independent])
    #expect(arguments[flags.limit] == 3)
    #expect(arguments[flags.sort] == nil && arguments[flags.member].isEmpty)
  }

  @Test func typedValues() throws {
    let (arguments, _) = try bind(["--sort", "area", "--member", "eu", "--member=nato", "--region", "Asia"])
    #expect(arguments[flags.sort] == .area)
    #expect(arguments[flags.member] == ["eu", "nato"])
    #expect(!arguments[flags.independent] && arguments[flags.limit] == nil)
    #expect(try bind(["--member", "un"]).0[flags.member] == ["un"])
  }

  @Test func globalOutputFlags() throws {
    let (_, overrides) = try bind(["x", "--json", "--no-color"])
    #expect(overrides.format == .json && overrides.noColor)
    #expect(try bind(["--format", "csv"]).1.format == .csv)
    #expect(try bind(["--help"]).1.help)
  }

  @Test func doubleDashEndsFlags() throws {
    #expect(try bind(["--", "--region"]).0.positionals == ["--region"])
    #expect(try bind(["-5"]).0.positionals == ["-5"], "negative numbers are values")
  }

  @Test(arguments: [
    (["--regoin", "Europe"], "unknown flag '--regoin' for search — did you mean '--region'?"),
    (
      ["--region"],
      "--region needs a value (R) — usage: search [TEXT] [--region R] [--independent] [--sort KEY] [--limit N] [--member ORG]"
    ),
    (["--limit", "many"], "--limit needs a whole number, got 'many'"),
    (
      ["--sort", "populaton"],
      "--sort must be one of name, population, area, got 'populaton' — did you mean 'population'?"
    ),
    (
      ["--independent=yes"],
      "--independent takes no value — usage: search [TEXT] [--region R] [--independent] [--sort KEY] [--limit N] [--member ORG]"
    ),
  ])
  func usageErrorsNameTheFlag(_ words: [String], _ message: String) {
    do {
      _ = try bind(words)
      Issue.record("expected a usage error for \(words)")
    } catch let error as CtryError {
      #expect(error.description == message)
      #expect(error.exitCode == 2)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func missingAndExtraPositionals() {
    let details = CommandSpec(name: "details", summary: "d", positionals: [Positional("COUNTRY", .country, "c")])
    #expect(throws: CtryError.self) { try ArgumentBinder.bind([], to: details) }
    #expect(throws: CtryError.self) { try ArgumentBinder.bind(["a", "b"], to: details) }
    let none = CommandSpec(name: "exit", summary: "e")
    #expect(throws: CtryError.self) { try ArgumentBinder.bind(["x"], to: none) }
  }
}
