import CountryKit
import CtryShell
import Testing

@Suite struct ArgumentBinderTests {
  let spec = CommandSpec(
    name: "search", summary: "s",
    positionals: [Positional("TEXT", .text, "t", optional: true, joinsWords: true)],
    flags: [
      FlagSpec("region", .region, valueName: "R", "r"), .switch("independent", "i"),
      FlagSpec("sort", .choice(["name", "population", "area"]), valueName: "KEY", "k"),
      FlagSpec("limit", .integer, valueName: "N", "n"),
    ])

  func bind(_ words: [String]) throws -> (Arguments, OutputOverrides) {
    try ArgumentBinder.bind(words, to: spec)
  }

  @Test func bindsFlagsSwitchesAndJoinedWords() throws {
    let (arguments, _) = try bind(["united", "--region", "Europe", "kingdom", "--independent", "--limit=3"])
    #expect(arguments.positionals == ["united kingdom"])
    #expect(arguments.value("region") == "Europe")
    #expect(arguments.has("independent"))
    #expect(arguments.integer("limit") == 3)
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
      "--region needs a value (R) — usage: search [TEXT] [--region R] [--independent] [--sort KEY] [--limit N]"
    ),
    (["--limit", "many"], "--limit needs a whole number, got 'many'"),
    (
      ["--sort", "populaton"],
      "--sort must be one of name, population, area, got 'populaton' — did you mean 'population'?"
    ),
    (
      ["--independent=yes"],
      "--independent takes no value — usage: search [TEXT] [--region R] [--independent] [--sort KEY] [--limit N]"
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
