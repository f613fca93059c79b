import CountryModel
import CountryNetwork
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `currencies [COUNTRY | CODE | NAME]`
package struct CurrenciesCommand: Command {
  package init() {}

  package let spec = CommandSpec(
    name: "currencies",
    aliases: ["currency"],
    summary: "List currencies, a country's currencies, or the countries that use a currency",
    discussion: "With no argument: every currency with its symbol and how many countries use it.",
    positionals: [
      Positional(
        "QUERY", .currency, "a country, a currency code (EUR) or part of a currency name (euro)", optional: true,
        joinsWords: true)
    ],
    examples: [
      Example("currencies", "every currency"),
      Example("currencies Egypt", "the currencies of Egypt"),
      Example("currencies EUR", "the countries that use the euro"),
      Example("currencies franc", "every currency with 'franc' in its name, and its users"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = await context.catalog
    let uses = catalog.currencies
    guard let query = arguments.positional(0), !query.isEmpty else {
      return CommandResult(.table(table(uses), empty: ""))
    }

    // Each side computed once, not once per currency: a long query would make that its length
    // times the number of currencies.
    let code = query.uppercased()
    if let use = uses.first(where: { $0.code == code }) { return users(of: [use], in: catalog) }
    if case .found(let country, _) = catalog.resolve(query), country.hasCode(query) || country.isNamed(query) {
      return countryCurrencies(country)
    }
    let folded = TextFolding.fold(query)
    // Nothing to fold (€, $, a flag): a currency symbol is its currencies, and several are a choice.
    if folded.isEmpty { return try bySymbol(query.trimmingWhitespace(), uses, in: catalog) }
    let named = uses.filter { use in
      let name = TextFolding.fold(use.currency.name)
      return name.utf8.count >= folded.utf8.count && name.contains(folded)
    }
    if !named.isEmpty { return users(of: named, in: catalog) }
    let found = try country(query, in: catalog, names: context.names)
    var result = countryCurrencies(found.country)
    result.notes = found.notes
    return result
  }

  /// The country `query` names; neither a currency nor a country is said as both, not just
  /// "unknown country".
  private func country(_ query: String, in catalog: CountryCatalog, names: LocalNames?) throws(CtryError) -> (
    country: Country, notes: [String]
  ) {
    do {
      return try catalog.lookUp(query, names: names)
    } catch {
      guard error.kind == .notFound else { throw error }
      throw CtryError.notFound(
        "no currency or country matches '\(EchoedInput.shortened(query))'",
        hint: error.worded.hint.flatMap { $0.hasPrefix("did you mean") ? $0 : nil }
          ?? "see 'currencies' for every currency, with its code and symbol")
    }
  }

  /// The currencies written with `symbol`: one is its users; several are listed to choose from by
  /// code; a flag emoji is its country's currencies.
  private func bySymbol(_ symbol: String, _ uses: [CurrencyUse], in catalog: CountryCatalog) throws -> CommandResult {
    let matching = uses.filter { $0.currency.symbol == symbol }
    if matching.count == 1 { return users(of: matching, in: catalog) }
    if let first = matching.first {
      var choice = table(matching)
      choice.title =
        "'\(symbol)' is the symbol of \(matching.count) currencies: pick one by its code, e.g. 'currencies \(first.code)'"
      return CommandResult(.table(choice, empty: ""))
    }
    if case .found(let country, _) = catalog.resolve(symbol) { return countryCurrencies(country) }
    throw CtryError.notFound(
      "no currency has the symbol '\(EchoedInput.shortened(symbol))'",
      hint: "see 'currencies' for every currency, with its code and symbol")
  }

  private func table(_ uses: [CurrencyUse]) -> Table {
    Table(
      columns: [
        .init("code", "Code"), .init("name", "Currency"), .init("symbol", "Symbol"),
        .init("countries", "Countries", alignRight: true),
      ],
      rows: uses.map {
        [.text($0.code), .text($0.currency.name), .text($0.currency.symbol ?? ""), .integer($0.userCount)]
      },
      plainColumns: [0, 1, 2, 3])
  }

  private func users(of uses: [CurrencyUse], in catalog: CountryCatalog) -> CommandResult {
    // The catalog's positions are in name order: each user once, sorted.
    let positions = Set(uses.flatMap(\.positions)).sorted()
    let names = uses.map { $0.currency.label(code: $0.code) }
    let title =
      "\(names.joinedText(separator: "; ")) — used by \(positions.count) \(positions.count == 1 ? "country" : "countries")"
    // Which of the currencies each country uses, by code: `currencies dollar` lists many.
    let codes = positions.map { position in
      Cell.text(uses.filter { $0.positions.contains(position) }.map(\.code).joinedText(separator: ", "))
    }
    return CountryTable.result(
      positions: positions, in: catalog, title: title, adding: [(.init("currency", "Currency"), codes)],
      empty: "No country uses it.")
  }

  private func countryCurrencies(_ country: Country) -> CommandResult {
    let entries = (country.currencies ?? [:]).sorted { $0.key < $1.key }
    let table = Table(
      title: "Currencies of \(country.flagEmoji) \(country.name.common)",
      columns: [.init("code", "Code"), .init("name", "Currency"), .init("symbol", "Symbol")],
      rows: entries.map { [.text($0.key), .text($0.value.name), .text($0.value.symbol ?? "")] },
      plainColumns: [0, 1, 2])
    return CommandResult(.table(table, empty: "\(country.name.common) has no currency of its own."))
  }
}
