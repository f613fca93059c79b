import CountryKit
import CtryShell

/// `deal [--seed N] [--region R]` — a random country, the apps' "rollback deal".
package struct DealCommand: Command {
  package init() {}

  struct Flags: FlagGroup {
    let seed = FlagKey<Int>.integer("seed", valueName: "N", "the same seed deals the same country")
    let region = FlagKey<String>.option("region", .region, valueName: "R", "deal from one region only")
  }

  let flags = Flags()

  package let spec = CommandSpec(
    name: "deal",
    aliases: ["random"],
    summary: "Deal a random country card",
    positionals: [],
    flags: Flags().specs,
    examples: [
      Example("deal", "a random country"),
      Example("deal --seed 42", "always the same country"),
      Example("deal --region Oceania", "a random country of Oceania"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = context.catalog
    var pool = catalog.countries.array
    if let region = arguments[flags.region] {
      let canonical = try FacetCheck.canonical(region, among: catalog.regions, flag: "region")
      pool = pool.filter { $0.region == canonical }
    }
    let seed = arguments[flags.seed].map { UInt64(bitPattern: Int64($0)) } ?? context.randomSeed()
    var generator = SplitMix64(seed: seed)
    guard let country = pool.randomElement(using: &generator) else {
      throw CtryError.notFound("no countries to deal from")
    }
    return CommandResult(.country(country, CountryCard.full(country, in: catalog)))
  }
}
