import CountryKit
import CtryShell

/// `details COUNTRY` — the country card.
public struct DetailsCommand: Command {
  public init() {}

  public let spec = CommandSpec(
    name: "details",
    aliases: ["show", "info"],
    summary: "Show a country's card: names, capital, currencies, languages, population, borders",
    discussion:
      "COUNTRY is any name (common, official, native, alternative, translated) or a cca2, cca3, ccn3 or IOC code.",
    positionals: [Positional("COUNTRY", .country, "a country name or code", joinsWords: true)],
    examples: [
      Example("details Egypt", "Egypt's card"),
      Example("details de", "by ISO code: Germany"),
      Example("details united kingdom", "names with spaces need no quotes"),
      Example("details \"Côte d'Ivoire\" --json", "one REST Countries v3.1 object"),
    ])

  public func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = context.catalog
    let country = try catalog.require(arguments.positional(0) ?? "")
    return CommandResult(.country(country, CountryCard.full(country, in: catalog)))
  }
}
