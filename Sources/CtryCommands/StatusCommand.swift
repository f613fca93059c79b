import CountryKit
import CountryModel
import CountryNetwork
import CountryStorage
import CtryGrammar
import CtryOutput
import CtryShell
import FoundationEssentials

/// `status` — where the data comes from, how old it is, the server, the last error.
package struct StatusCommand: Command {
  package init() {}

  package let spec = CommandSpec(
    name: "status",
    summary: "Show the data source and its age, the API server, the last error, favorites and home",
    examples: [Example("status", "where ctry's data comes from")])

  /// People read sentences; `--json` and CSV get values: numbers, booleans, ISO 8601 times, codes and
  /// keywords, grouped by dotted keys (`favorites.count`, `home.cca3`).
  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let settings = context.session.settings
    let snapshot = await context.store.snapshot
    let (source, metadata, network, catalog) = (snapshot.source, snapshot.metadata, snapshot.network, snapshot.catalog)
    var fields: [Card.Field] = [.init("Data", source.description, data: Self.data(source))]
    if case .cache(let fetchedAt, _) = source {
      let seconds = max(0, Int(Date().timeIntervalSince(fetchedAt)))
      fields.append(.init("Age", Self.age(since: fetchedAt), data: [.init("data.age_seconds", .integer(seconds))]))
      if let metadata {
        fields.append(
          .init(
            "Fetched",
            "\(DataSource.moment(metadata.fetchedAt)) from the \(metadata.flavour) API, \(metadata.count) countries",
            data: [
              .init("data.fetched_at", .text(Self.iso(metadata.fetchedAt))),
              .init("data.flavour", .text(metadata.flavour)), .init("data.count", .integer(metadata.count)),
            ]))
      }
    } else {
      fields.append(.init("Age", "bundled with ctry (generated \(BundledDataset.generated))", data: []))
    }
    fields.append(.init("Countries", String(catalog.count), raw: .integer(catalog.count)))
    fields.append(
      .init(
        "API", "\(settings.api.displayURL) (\(settings.api.flavour.rawValue))",
        data: [
          .init("api.url", .text(settings.api.displayURL)), .init("api.flavour", .text(settings.api.flavour.rawValue)),
          .init("api_key_set", .bool(settings.api.key != nil)),
        ]))
    if settings.api.flavour == .v5 || settings.api.key != nil {
      fields.append(
        .init("API key", settings.api.key?.masked ?? "not set (CTRY_API_KEY or 'set api-key KEY')", data: []))
    }
    if let metadata, URLRedaction.redact(metadata.url) != settings.api.displayURL {
      fields.append(
        .init(
          "Cached from", "\(URLRedaction.redact(metadata.url)) (\(metadata.flavour))",
          data: [
            .init("cached_from.url", .text(URLRedaction.redact(metadata.url))),
            .init("cached_from.flavour", .text(metadata.flavour)),
          ]))
    }
    fields.append(
      .init(
        "Network", Self.network(network, offlineMode: settings.offline),
        data: [.init("network", .text(Self.networkState(network, offlineMode: settings.offline)))]))
    if let attempt = network.lastAttemptAt {
      let outcome =
        !network.lastAttemptFailed
        ? "succeeded" : network.lastUnsentReason == nil ? "failed" : "failed before sending a request"
      fields.append(
        .init(
          "Last attempt", "\(DataSource.moment(attempt)) (\(Self.ago(attempt))), \(outcome)",
          data: [
            .init("last_attempt.at", .text(Self.iso(attempt))),
            .init("last_attempt.outcome", .text(network.lastAttemptFailed ? "failed" : "succeeded")),
            .init("last_attempt.request_sent", .bool(!network.lastAttemptFailed || network.lastUnsentReason == nil)),
          ]))
    }
    if let stated = network.lastError {
      // The status file keeps the core's statement; the way out is the shell's to word.
      let error = network.lastErrorProblem.map { $0.worded(stated) } ?? stated
      let when = network.lastErrorAt.map { " (\(Self.ago($0)))" } ?? ""
      fields.append(
        .init(
          "Last error", error + when,
          data: [.init("last_error.message", .text(error))]
            + (network.lastErrorAt.map { [.init("last_error.at", .text(Self.iso($0)))] } ?? [])))
    }
    let favorites = (try? context.favorites.list().count) ?? 0
    fields.append(
      .init(
        "Favorites", "\(favorites)/\(FavoritesStore.limit)",
        data: [.init("favorites.count", .integer(favorites)), .init("favorites.limit", .integer(FavoritesStore.limit))])
    )
    var notes: [String] = []
    if let home = context.home.current(in: catalog) {
      fields.append(
        .init(
          "Home", "\(home.country.flagEmoji) \(home.country.name.common) (\(home.source.words))",
          data: [.init("home.cca3", .text(home.country.cca3))] + home.source.data))
      notes += home.warning.map { [$0] } ?? []
    }
    notes += context.favorites.drainWarnings()
    // The title heads the table only: programs and plain output get the fields.
    return CommandResult(.card(Card(title: "ctry status", fields: fields, head: [])), notes: notes)
  }

  /// Where the data comes from, as values: `data.source` bundled, cache or memory, and what names it.
  static func data(_ source: DataSource) -> [Card.Datum] {
    switch source {
    case .bundled:
      return [.init("data.source", .text("bundled")), .init("data.generated", .text(BundledDataset.generated))]
    case .cache(_, let url):
      return [.init("data.source", .text("cache")), .init("data.url", .text(URLRedaction.redact(url)))]
    case .memory(let name):
      return [.init("data.source", .text("memory")), .init("data.name", .text(name))]
    }
  }

  /// `network` for programs: one keyword for what the last attempt showed.
  static func networkState(_ state: NetworkStatus, offlineMode: Bool) -> String {
    if offlineMode { return "offline_mode" }
    guard state.lastAttemptAt != nil else { return "not_contacted" }
    guard state.lastAttemptFailed else { return "reachable" }
    if state.lastUnsentReason != nil { return "no_request_sent" }
    return state.offline ? "unreachable" : "server_error"
  }

  /// `2026-11-23T14:05:09Z`.
  static func iso(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
  }

  /// What is known of the network: only what the last attempt showed, never a guess.
  static func network(_ state: NetworkStatus, offlineMode: Bool) -> String {
    if offlineMode { return "offline mode (--offline)" }
    guard let attempt = state.lastAttemptAt else { return "not contacted yet" }
    let when = ago(attempt)
    if state.lastAttemptFailed {
      if let reason = state.lastUnsentReason { return "no request sent at the last attempt (\(when)): \(reason)" }
      return state.offline ? "unreachable at the last attempt (\(when))" : "the server answered with an error (\(when))"
    }
    return "reachable at the last attempt (\(when))"
  }

  /// `3 days ago`, `just now`.
  static func ago(_ date: Date, now: Date = Date()) -> String {
    let text = age(since: date, now: now)
    return text == "just now" ? text : text + " ago"
  }

  /// `3 days`, `5 hours`, `just now`.
  static func age(since date: Date, now: Date = Date()) -> String {
    let seconds = max(0, Int(now.timeIntervalSince(date)))
    switch seconds {
    case ..<60: return "just now"
    case ..<3600: return "\(seconds / 60) min"
    case ..<86_400: return "\(seconds / 3600) h"
    default: return "\(seconds / 86_400) days"
    }
  }
}
