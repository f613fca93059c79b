import CountryKit
import CtryShell

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
    let catalog = context.catalog
    let uses = catalog.currencies
    guard let query = arguments.positional(0), !query.isEmpty else {
      return CommandResult(.table(table(uses), empty: ""))
    }

    // Each side computed once, not once per currency: a long query would make that its length
    // times the number of currencies.
    let code = query.uppercased()
    if let use = uses.first(where: { $0.code == code }) { return users(of: [use]) }
    if case .found(let country) = catalog.resolve(query), country.hasCode(query) || country.isNamed(query) {
      return countryCurrencies(country)
    }
    let folded = TextFolding.fold(query)
    let named = uses.filter { use in
      let name = TextFolding.fold(use.currency.name)
      return name.utf8.count >= folded.utf8.count && name.contains(folded)
    }
    if !named.isEmpty { return users(of: named) }
    return countryCurrencies(try catalog.require(query))
  }

  private func table(_ uses: [CurrencyUse]) -> Table {
    Table(
      columns: [
        .init("code", "Code"), .init("name", "Currency"), .init("symbol", "Symbol"),
        .init("countries", "Countries", alignRight: true),
      ],
      rows: uses.map {
        [.text($0.code), .text($0.currency.name), .text($0.currency.symbol ?? ""), .integer($0.countries.count)]
      },
      plainColumns: [0, 1, 2, 3])
  }

  private func users(of uses: [CurrencyUse]) -> CommandResult {
    var seen = Set<String>()
    let countries = uses.flatMap(\.countries).filter { seen.insert($0.cca3).inserted }
      .sorted { TextFolding.fold($0.name.common) < TextFolding.fold($1.name.common) }
    let names = uses.map { $0.currency.label(code: $0.code) }
    let title =
      "\(names.joined(separator: "; ")) — used by \(countries.count) \(countries.count == 1 ? "country" : "countries")"
    return CountryTable.result(countries, title: title, empty: "No country uses it.")
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
