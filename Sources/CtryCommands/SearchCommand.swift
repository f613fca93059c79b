import CountryKit
import CtryShell

/// `search [TEXT] [--capital C] [--region R] … [--sort KEY] [--limit N]`
package struct SearchCommand: Command {
  package init() {}

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
    flags: [
      FlagSpec("capital", .text, valueName: "C", "capital contains C"),
      FlagSpec("region", .region, valueName: "R", "in region R (Africa, Americas, Asia, Europe, Oceania, Antarctic)"),
      FlagSpec("subregion", .subregion, valueName: "S", "in subregion S (e.g. 'Northern Europe')"),
      FlagSpec("language", .language, valueName: "L", "speaks language L (name or ISO 639-3 code)"),
      FlagSpec("currency", .currency, valueName: "C", "uses currency C (code or part of its name)"),
      FlagSpec("demonym", .demonym, valueName: "D", "whose people are called D"),
      FlagSpec("translation", .text, valueName: "T", "has a translated name containing T"),
      .switch("independent", "only sovereign states"),
      FlagSpec(
        "member", .choice(Membership.all), valueName: "ORG",
        "member of ORG (eu, nato, un, g7, …; repeatable); from the v5 API's data"),
      FlagSpec(
        "sort", .choice(CountryQuery.SortKey.allCases.map(\.rawValue)), valueName: "KEY",
        "sort by name, population or area"),
      FlagSpec("limit", .integer, valueName: "N", "show at most N countries"),
    ],
    examples: [
      Example("search germ", "countries whose names start with 'germ'"),
      Example("search cote d ivoire", "accents and punctuation are optional"),
      Example("search --capital helsinki", "the country whose capital is Helsinki"),
      Example("search --region Europe --sort population --limit 5", "the five most populous European countries"),
      Example("search --language Spanish --independent", "sovereign Spanish-speaking countries"),
      Example("search --currency EUR --subregion 'Western Europe'", "euro users in Western Europe"),
      Example(
        "search --member eu --member nato", "EU members in NATO (needs data refreshed from v5)", needsServer: true),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = context.catalog
    var query = CountryQuery(text: arguments.positional(0))
    query.capital = arguments.value("capital")
    if let region = arguments.value("region") {
      query.region = try FacetCheck.canonical(region, among: catalog.regions, flag: "region")
    }
    if let subregion = arguments.value("subregion") {
      query.subregion = try FacetCheck.canonical(subregion, among: catalog.subregions, flag: "subregion")
    }
    query.language = arguments.value("language")
    query.currency = arguments.value("currency")
    query.demonym = arguments.value("demonym")
    query.translation = arguments.value("translation")
    query.independent = arguments.has("independent")
    query.sort = arguments.value("sort").flatMap(CountryQuery.SortKey.init(rawValue:))
    if let limit = arguments.integer("limit") {
      guard limit > 0 else { throw CtryError.usage("--limit needs a number above 0, got \(limit)") }
      query.limit = limit
    }
    let organisations = arguments.allValues("member")
    // Each row with what it matched on when that was not its name: `Hungarian name Egyesült Államok`.
    var rows: [(country: Country, matched: String?)]
    if organisations.isEmpty {
      rows = catalog.runExplained(query)
    } else {
      guard catalog.countries.contains(where: { $0.memberships != nil }) else {
        throw CtryError.refused(
          "no membership data yet: it comes from the REST Countries v5 API",
          hint: "run 'refresh' with CTRY_API_KEY set")
      }
      let limit = query.limit
      query.limit = nil
      rows = catalog.runExplained(query).filter { row in
        organisations.allSatisfy { row.country.memberships?[$0] == true }
      }
      if let limit { rows = Array(rows.prefix(limit)) }
    }
    let countries = rows.map(\.country)
    let matched = rows.map(\.matched)
    return CountryTable.result(
      countries, matched: matched, empty: "No countries match.", status: countries.isEmpty ? 1 : 0)
  }
}
