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

    /// A flag for each fact that filters (`Facts`), in their order.
    let facts: [FactFlag] = Facts.all.compactMap(FactFlag.init)
    let member = FlagKey<[String]>.repeatable(
      "member", .choice(Membership.all), valueName: "ORG",
      "member of ORG (un, eu, eurozone, nato, g7, …; repeatable); opec and brics need v5 data")
    let notMember = FlagKey<[String]>.repeatable(
      "not-member", .choice(Membership.all), valueName: "ORG", "not a member of ORG (as --member; repeatable)")
    let sort = FlagKey<String>.option(
      "sort", .choice(Facts.sortKeys), valueName: "KEY",
      "sort by \(Facts.sortKeys.filter { !$0.hasPrefix("-") }.joinedText(separator: ", ")) (numbers largest first) "
        + "and show it; -KEY the other way round")
    let columns = FlagKey<String>.option(
      "columns", .list(Facts.keys), valueName: "KEYS",
      "show these columns, comma-separated, in every format: \(Facts.keys.joinedText(separator: ", "))")
    let reverse = FlagKey<Bool>.switch("reverse", "turn the order round (the best matches last)")
    let limit = FlagKey<Int>.integer("limit", valueName: "N", "show at most N countries")
  }

  /// The flag of a fact that filters: a switch for a yes/no fact, an option otherwise.
  enum FactFlag: Sendable {
    case option(Fact, FlagKey<String>)
    case yes(Fact, FlagKey<Bool>)

    init?(_ fact: Fact) {
      guard let filter = fact.filter else { return nil }
      if fact.kind == .yesNo {
        self = .yes(fact, .switch(filter.flag, filter.summary))
      } else {
        self = .option(fact, .option(filter.flag, filter.completion, valueName: filter.valueName, filter.summary))
      }
    }

    /// The fact and the value given, when the flag was.
    func given(in arguments: Arguments) -> (fact: Fact, value: String)? {
      switch self {
      case .option(let fact, let key): return arguments[key].map { (fact, $0) }
      case .yes(let fact, let key): return arguments[key] ? (fact, "") : nil
      }
    }
  }

  package let spec = CommandSpec(
    name: "search",
    aliases: ["find"],
    summary: "Find countries by name, capital, region, language, currency and more",
    discussion: """
      TEXT matches common, official, native and alternative names, translations and capitals, ignoring
      case and accents; best matches first (exact, prefix, word prefix, substring, then typos).
      Flags narrow the result and combine. No TEXT and no flag lists every country. A flag's value that
      no country has (--language Englsh) is an error that names the nearest one.
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
      Example("search --currency EUR --not-member eu", "euro users that are not EU member states"),
      Example("search --columns name,capital,area --region Oceania --limit 3", "the columns you choose, in any format"),
      Example(
        "search --region Europe --sort density --limit 3", "the most densely peopled in Europe, with their density"),
      Example("search --member eu --member nato", "EU members in NATO"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = await context.catalog
    // The keys once: each `flags` hands out a copy of the whole group.
    let flags = self.flags
    let text = arguments.positional(0)
    // Blank text is a slip, not "every country": leaving TEXT out is how to ask for that.
    if let text, text.trimmingWhitespace().isEmpty {
      throw CtryError.usage(
        "search text is empty",
        hint: "give a name, code or capital, e.g. search egy; leave it out to filter every country")
    }
    var query = CountryQuery(text: text)
    // Filters the index answers go into the query; the others are asked of the records.
    var fromRecords: [(fact: Fact, value: String)] = []
    var given: [(fact: Fact, value: String)] = []
    for flag in flags.facts {
      guard let (fact, value) = flag.given(in: arguments) else { continue }
      try fact.check(value)
      given.append((fact, value))
      if let index = fact.filter?.index { try index(&query, value, catalog) } else { fromRecords.append((fact, value)) }
    }
    let sortKey = arguments[flags.sort]
    let turnsRound = sortKey?.hasPrefix("-") ?? false
    let sortFact = sortKey.flatMap { Facts.named(String($0.drop { $0 == "-" })) }
    if case .index(let key)? = sortFact?.sort { query.sort = key }
    // `--sort -population --reverse` turns round twice: largest first again.
    let reverse = turnsRound != arguments[flags.reverse]
    query.reverse = reverse
    if let limit = arguments[flags.limit] {
      guard limit > 0 else { throw CtryError.usage("--limit needs a number above 0, got \(limit)") }
      query.limit = limit
    }
    let organisations = arguments[flags.member]
    let outside = arguments[flags.notMember]
    // Each row with what it matched on when that was not its name: `Hungarian name Egyesült Államok`.
    var positions: [Int]
    var matched: @Sendable () -> [String?]
    var typos = false
    let sortsRecords: Bool
    if case .records? = sortFact?.sort { sortsRecords = true } else { sortsRecords = false }
    if organisations.isEmpty, outside.isEmpty, fromRecords.isEmpty, !sortsRecords {
      (positions, matched, typos) = catalog.runExplained(query)
    } else {
      // An organisation is answered when the data names a member of it (or says who is not one):
      // the UN by `unMember`, the bundled table's by `memberships`, OPEC and BRICS only by v5's data.
      let unanswered = Membership.all.filter { organisation in
        (organisations.contains(organisation) || outside.contains(organisation))
          && !catalog.countries.contains { $0.isMember(of: organisation) != nil }
      }
      if !unanswered.isEmpty {
        let names = unanswered.map(Membership.displayName).joined(separator: ", ")
        throw CtryError.refused(
          "no \(names) membership data here: it comes from the REST Countries v5 API",
          hint: "run 'refresh' with CTRY_API_KEY set")
      }
      let limit = query.limit
      query.limit = nil
      if sortsRecords { query.reverse = false }
      let all = catalog.runExplained(query)
      let records = catalog.countries(at: all.positions)
      var kept = all.positions.indices.filter { row in
        fromRecords.allSatisfy { $0.fact.accepts(records[row], $0.value, in: catalog) }
          && organisations.allSatisfy { records[row].isMember(of: $0) == true }
          && outside.allSatisfy { records[row].isMember(of: $0) != true }
      }
      if let sortFact, sortsRecords {
        let values = kept.map { sortFact.value(records[$0], catalog) }
        let order = values.indices.sorted { a, b in
          Fact.precedes(values[a], values[b], reversed: reverse)
            || (!Fact.precedes(values[b], values[a], reversed: reverse) && a < b)
        }
        kept = order.map { kept[$0] }
      }
      kept = Array(kept.prefix(limit ?? .max))
      positions = kept.map { all.positions[$0] }
      matched = { [kept] in
        let explained = all.matched()
        return kept.map { explained[$0] }
      }
    }
    // A text that names no country but a subdivision (`Bavaria`) finds its country, with a note;
    // the table is read only then.
    var notes: [String] = []
    if let text, positions.isEmpty || typos, given.isEmpty, organisations.isEmpty, outside.isEmpty,
      let (country, note) = try catalog.subdivisionLookUp(text), let position = catalog.position(cca3: country.cca3)
    {
      positions = [position]
      matched = { [note] }
      notes = ["\(note); showing \(country.name.common)"]
    }
    // Nothing found: a value that names nothing on its own is a typo, not an empty answer.
    if positions.isEmpty {
      for (fact, value) in given {
        guard let filter = fact.filter, let vocabulary = filter.vocabulary, try !fact.names(value, in: catalog) else {
          continue
        }
        throw FacetCheck.unknown(value, flag: filter.flag, among: vocabulary(catalog), column: fact.key)
      }
    }
    let status: Int32 = positions.isEmpty ? 1 : 0
    let empty = "No countries match."
    // A list shows the column it is sorted by.
    if let chosen = arguments[flags.columns] {
      var keys: [String] = []
      for key in chosen.split(separator: ",").map(String.init) where !keys.contains(key) { keys.append(key) }
      if let sortFact, !keys.contains(sortFact.key) { keys.append(sortFact.key) }
      let table = CountryTable.chosen(keys.compactMap(Facts.named), positions, in: catalog, names: context.names)
      return CommandResult(.table(table, empty: empty), notes: notes, status: status)
    }
    var facts = Facts.listed
    if let sortFact, !facts.contains(where: { $0.key == sortFact.key }) { facts.append(sortFact) }
    var result = CountryTable.result(
      positions: positions, in: catalog, facts: facts, matched: matched, names: context.names, empty: empty,
      status: status)
    result.notes += notes
    return result
  }
}
