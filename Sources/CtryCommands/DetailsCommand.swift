import CountryKit
import CountryModel
import CountryNetwork
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `details COUNTRY` — the country card.
package struct DetailsCommand: Command {
  package init() {}

  package struct Flags: FlagGroup {
    package init() {}

    let live = FlagKey<Bool>.switch("live", "ask the REST Countries server; local data answers if it cannot")
  }

  package let spec = CommandSpec(
    name: "details",
    aliases: ["show", "info"],
    summary: "Show a country's card: names, capital, currencies, languages, population, borders",
    discussion:
      "COUNTRY is any name (common, official, native, alternative, translated) or a cca2, cca3, ccn3 or IOC code.",
    positionals: [Positional("COUNTRY", .country, "a country name or code", joinsWords: true)],
    flags: Flags.self,
    examples: [
      Example("details Egypt", "Egypt's card"),
      Example("details de", "by ISO code: Germany"),
      Example("details united kingdom", "names with spaces need no quotes"),
      Example("details \"Côte d'Ivoire\" --json", "one REST Countries v3.1 object"),
      Example("details Japan --live", "ask the server; local data answers if it cannot", needsServer: true),
    ])

  /// The card; an unknown COUNTRY that is two countries (`details Egypt Japan`) hints at `compare`.
  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    do {
      return try await card(arguments, in: context)
    } catch let error as CtryError where error.kind == .notFound {
      throw CompareHint.adding(to: error, text: arguments.positional(0) ?? "", in: await context.catalog)
    }
  }

  private func card(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = await context.catalog
    let text = arguments.positional(0) ?? ""
    guard arguments[flags.live] else {
      let (country, notes) = try catalog.lookUp(text, names: context.names)
      return CommandResult(
        .country(country, CountryCard.full(country, in: catalog, names: context.names)), notes: notes)
    }
    return try await live(text, context)
  }

  /// Asks the server (by code when the name resolves locally, else by name); when that fails,
  /// answers from local data and says so.
  private func live(_ text: String, _ context: CommandContext) async throws -> CommandResult {
    let catalog = await context.catalog
    let local: Country?
    if case .found(let country, _) = catalog.resolve(text) { local = country } else { local = nil }
    let settings = context.session.settings
    let reason: String
    if settings.offline {
      reason = "offline mode"
    } else {
      // One deadline for the whole lookup, retries included (`liveDeadline`).
      var api = settings.api
      api.deadline = api.liveDeadline
      let client = api.client(transport: context.transport)
      do {
        let code = local?.cca3
        let answers = try await withDeadline(api.deadline) { () async throws(APIError) -> [Country] in
          if let code { return try await client.lookup(code: code) }
          return try await client.lookup(name: text, exact: false)
        }
        await context.store.recordSuccess()
        guard let first = answers.first else {
          throw CtryError.notFound(
            "the server knows no country '\(EchoedInput.shortened(text))'",
            hint: "try 'search \(EchoedInput.shortened(text))'")
        }
        if answers.count > 1, local == nil {
          let names = answers.prefix(8).map(\.name.common).joined(separator: ", ")
          throw CtryError.notFound(
            "'\(EchoedInput.shortened(text))' matches \(answers.count) countries on the server: \(names)",
            hint: "be more specific")
        }
        // The server's answer keeps the corrections the data in use holds, as a refresh does.
        let shown =
          local.map {
            $0.cca3.uppercased() == first.cca3.uppercased() ? BundledOverlay.applied(to: first, from: $0) : first
          }
          ?? first
        return CommandResult(.country(shown, CountryCard.full(shown, in: catalog, names: context.names)))
      } catch let error as APIError {
        if error.isCancellation { throw CancellationError() }
        await context.store.recordFailure(
          error.description, offline: error.meansOffline, unsent: error.unsentReason, problem: error.problem)
        reason = error.worded
      }
    }
    let (country, notes) = try catalog.lookUp(text, names: context.names)
    let note = "live lookup failed: \(reason); answered from \(await context.store.snapshot.source.shortDescription)"
    return CommandResult(
      .country(country, CountryCard.full(country, in: catalog, names: context.names)), notes: notes + [note])
  }
}
