import CountryKit
import CountryModel
import CountryStorage
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `home [COUNTRY | --reset]` — the home country and what decided it.
package struct HomeCommand: Command {
  package init() {}

  package struct Flags: FlagGroup {
    package init() {}

    let reset = FlagKey<Bool>.switch("reset", "forget the saved choice and infer again")
  }

  package let spec = CommandSpec(
    name: "home",
    summary: "Show or set your home country (inferred from time zone or locale, else Egypt)",
    discussion: """
      Without arguments: your saved home country, else the one your time zone (TZ, /etc/localtime) or \
      locale (LC_ALL, LANG) points to, else Egypt, and which of these decided.
      """,
    positionals: [Positional("COUNTRY", .country, "make this your home country", optional: true, joinsWords: true)],
    flags: Flags.self,
    examples: [
      Example("home", "your home country's card"),
      Example("home Germany", "make Germany home"),
      Example("home --reset", "back to the inferred home country"),
    ])

  /// What `home` says when the data has none of the saved, the inferred and the fallback country.
  static let none =
    "no home country: the current data has none of the saved, the inferred and the fallback (Egypt); "
    + "choose one with 'home COUNTRY'"

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    var result = try await show(arguments, in: context)
    result.notes += context.home.store.state.drainWarnings()
    return result
  }

  private func show(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = await context.catalog
    if arguments[flags.reset] {
      guard arguments.positionals.isEmpty else { throw CtryError.usage("home takes a COUNTRY or --reset, not both") }
      let hadChoice = try context.home.store.reset()
      let prefix = hadChoice ? "Forgot the saved home country" : "No saved home country"
      guard let now = context.home.current(in: catalog) else {
        return .message(
          "\(prefix); the current data has neither the inferred country nor Egypt: choose one with 'home COUNTRY'.")
      }
      return .message(
        "\(prefix); home is now \(now.country.flagEmoji) \(now.country.name.common) (\(now.source.words)).")
    }
    if let name = arguments.positional(0) {
      let (country, notes) = try catalog.lookUp(name, names: context.names)
      try context.home.store.save(country.cca3)
      return .message("Home is now \(country.flagEmoji) \(country.name.common).", notes: notes)
    }
    // Nothing on stdout in any format (no country to print), and the line saying why on stderr.
    guard let home = context.home.current(in: catalog) else { return CommandResult(.none, notes: [Self.none]) }
    let card = CountryCard.brief(
      home.country, extra: [.init("Home because", home.source.words, data: home.source.data, addedToRecord: true)],
      names: context.names)
    return CommandResult(.country(home.country, card), notes: home.warning.map { [$0] } ?? [])
  }
}
