import CountryModel
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `search [TEXT] [--capital C] [--region R] … [--sort KEY] [--limit N]`
package struct SearchCommand: Command {
  package init() {}

  package struct Flags: FlagGroup {
    package init() {}

    let capital = FlagKey<String>.option("capital", .text, valueName: "C", "capital contains C")
    let region = FlagKey<String>.option(
      "region", .region, valueName: "R", "in region R (Africa, Americas, Asia, Europe, Oceania, Antarctic)")
    let subregion = FlagKey<String>.option(
      "subregion", .subregion, valueName: "S", "in subregion S (e.g. 'Northern Europe')")
    let language = FlagKey<String>.option(
      "language", .language, valueName: "L", "speaks language L (name or ISO 639-3 code)")
    let currency = FlagKey<String>.option(
      "currency", .currency, valueName: "C", "uses currency C (code or part of its name)")
    let demonym = FlagKey<String>.option("demonym", .demonym, valueName: "D", "whose people are called D")
    let translation = FlagKey<String>.option(
      "translation", .text, valueName: "T", "has a translated name containing T")
    let independent = FlagKey<Bool>.switch("independent", "only sovereign states")
    let member = FlagKey<[String]>.repeatable(
      "member", .choice(Membership.all), valueName: "ORG",
      "member of ORG (un, eu, nato, g7, …; repeatable); all but un need v5 data")
    let sort = FlagKey<SortOrder>.choice(
      "sort", valueName: "KEY", "sort by name, population or area (largest first); -KEY the other way round")
    let reverse = FlagKey<Bool>.switch("reverse", "turn the order round (the best matches last)")
    let limit = FlagKey<Int>.integer("limit", valueName: "N", "show at most N countries")
  }

  /// `--sort KEY`, or `--sort -KEY` for the other way round (`-population`: the smallest first).
  enum SortOrder: String, CaseIterable {
    case name, population, area
    case nameDescending = "-name", populationAscending = "-population", areaAscending = "-area"

    var key: CountryQuery.SortKey {
      switch self {
      case .name, .nameDescending: return .name
      case .population, .populationAscending: return .population
      case .area, .areaAscending: return .area
      }
    }

    var turnsRound: Bool { rawValue.hasPrefix("-") }
  }

  package let spec = CommandSpec(
    name: "search",
    aliases: ["find"],
    summary: "Find countries by name, capital, region, language, currency and more",
    discussion: """
      TEXT matches common, official, native and alternative names, translations and capitals, ignoring
      case and accents; best matches first (exact, prefix, word prefix, substring, then typos).
      Flags narrow the result and combine. No TEXT and no flag lists every country.
      """,
    positionals: [Positional("TEXT", .text, "a name, code, translation or capital", optional: true, joinsWords: true)],
    flags: Flags.self,
    examples: [
      Example("search germ", "countries whose names start with 'germ'"),
      Example("search cote d ivoire", "accents and punctuation are optional"),
      Example("search --capital helsinki", "the country whose capital is Helsinki"),
      Example("search --region Europe --sort population --limit 5", "the five most populous European countries"),
      Example("search --region Europe --sort -population --limit 3", "the three least populous ones"),
      Example("search --language Spanish --independent", "sovereign Spanish-speaking countries"),
      Example("search --currency EUR --subregion 'Western Europe'", "euro users in Western Europe"),
      Example("search --member un --region Oceania", "UN members in Oceania"),
      Example(
        "search --member eu --member nato", "EU members in NATO (needs data refreshed from v5)", needsServer: true),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = await context.catalog
    // The keys once: each `flags` hands out a copy of the whole group.
    let flags = self.flags
    var query = CountryQuery(text: arguments.positional(0))
    query.capital = arguments[flags.capital]
    if let region = arguments[flags.region] {
      query.region = try FacetCheck.canonical(region, among: catalog.regions, flag: "region")
    }
    if let subregion = arguments[flags.subregion] {
      query.subregion = try FacetCheck.canonical(subregion, among: catalog.subregions, flag: "subregion")
    }
    query.language = arguments[flags.language]
    query.currency = arguments[flags.currency]
    query.demonym = arguments[flags.demonym]
    query.translation = arguments[flags.translation]
    query.independent = arguments[flags.independent]
    let order = arguments[flags.sort]
    query.sort = order?.key
    // `--sort -population --reverse` turns round twice: largest first again.
    query.reverse = (order?.turnsRound ?? false) != arguments[flags.reverse]
    if let limit = arguments[flags.limit] {
      guard limit > 0 else { throw CtryError.usage("--limit needs a number above 0, got \(limit)") }
      query.limit = limit
    }
    let organisations = arguments[flags.member]
    // Each row with what it matched on when that was not its name: `Hungarian name Egyesült Államok`.
    var positions: [Int]
    var matched: @Sendable () -> [String?]
    if organisations.isEmpty {
      (positions, matched) = catalog.runExplained(query)
    } else {
      // The UN is answered by `unMember` (every flavour of the data); the others only by v5's data.
      let unanswered = Membership.all.filter { organisation in
        organisations.contains(organisation) && !catalog.countries.contains { $0.isMember(of: organisation) != nil }
      }
      if !unanswered.isEmpty {
        let names = unanswered.map(Membership.displayName).joined(separator: ", ")
        throw CtryError.refused(
          "no \(names) membership data here: it comes from the REST Countries v5 API",
          hint: "run 'refresh' with CTRY_API_KEY set")
      }
      let limit = query.limit
      query.limit = nil
      let all = catalog.runExplained(query)
      let kept = all.positions.indices.filter { row in
        organisations.allSatisfy { catalog.countries[all.positions[row]].isMember(of: $0) == true }
      }.prefix(limit ?? .max)
      positions = kept.map { all.positions[$0] }
      matched = { [kept] in
        let explained = all.matched()
        return kept.map { explained[$0] }
      }
    }
    return CountryTable.result(
      positions: positions, in: catalog, matched: matched, empty: "No countries match.",
      status: positions.isEmpty ? 1 : 0)
  }
}
