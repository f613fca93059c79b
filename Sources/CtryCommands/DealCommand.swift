import CountryModel
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `deal [--seed N] [--region R]` — a random country, the apps' "rollback deal".
package struct DealCommand: Command {
  package init() {}

  package struct Flags: FlagGroup {
    package init() {}

    let seed = FlagKey<Int>.integer(
      "seed", valueName: "N", "the same seed deals the same country (the card shows the seed it was dealt with)")
    let region = FlagKey<String>.option("region", .region, valueName: "R", "deal from one region only")
  }

  package let spec = CommandSpec(
    name: "deal",
    aliases: ["random"],
    summary: "Deal a random country card",
    positionals: [],
    flags: Flags.self,
    examples: [
      Example("deal", "a random country"),
      Example("deal --seed 42", "always the same country"),
      Example("deal --region Oceania", "a random country of Oceania"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = await context.catalog
    // Positions, in catalog order: only the card dealt is decoded.
    var pool = Array(catalog.countries.indices)
    var region: String?
    if let typed = arguments[flags.region] {
      let canonical = try FacetCheck.canonical(typed, among: catalog.regions, flag: "region")
      var query = CountryQuery()
      query.region = canonical
      pool = catalog.positions(query)
      region = canonical
    }
    // A random seed short enough to type back: `deal --seed N` deals the same card again.
    let seed = arguments[flags.seed] ?? Int(context.randomSeed() % 1_000_000)
    var generator = SplitMix64(seed: UInt64(bitPattern: Int64(seed)))
    guard let position = pool.randomElement(using: &generator) else {
      throw CtryError.notFound("no countries to deal from")
    }
    let country = catalog.countries[position]
    // The card's footer says how to deal it again; programs get `seed` (JSON adds it to the v3.1 object).
    var card = CountryCard.full(country, in: catalog, names: context.names)
    // Region names are one word (Africa, Americas, …): nothing to quote.
    let again = "deal --seed \(seed)" + (region.map { " --region \($0)" } ?? "")
    card.fields.append(
      Card.Field("Seed", "\(seed) (\(again) deals it again)", raw: .integer(seed), addedToRecord: true))
    return CommandResult(.country(country, card))
  }
}
