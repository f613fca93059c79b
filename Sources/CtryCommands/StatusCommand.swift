import CountryKit
import CtryShell

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `status` — where the data comes from, how old it is, the server, the last error.
package struct StatusCommand: Command {
  package init() {}

  package let spec = CommandSpec(
    name: "status",
    summary: "Show the data source and its age, the API server, the last error, favorites and home",
    examples: [Example("status", "where ctry's data comes from")])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let settings = context.session.settings
    let source = context.store.source
    let metadata = context.store.cacheMetadata
    let network = context.store.network.current
    let catalog = context.catalog
    var fields: [Card.Field] = [.init("Data", source.description)]
    if case .cache(let fetchedAt, _) = source {
      fields.append(.init("Age", Self.age(since: fetchedAt)))
      if let metadata {
        fields.append(
          .init(
            "Fetched",
            "\(DataSource.moment(metadata.fetchedAt)) from the \(metadata.flavour) API, \(metadata.count) countries"))
      }
    } else {
      fields.append(.init("Age", "bundled with ctry (generated \(BundledDataset.generated))"))
    }
    fields.append(.init("Countries", String(catalog.count), raw: .integer(catalog.count)))
    fields.append(.init("API", "\(settings.api.displayURL) (\(settings.api.flavour.rawValue))"))
    if settings.api.flavour == .v5 || settings.api.key != nil {
      fields.append(.init("API key", settings.api.key?.masked ?? "not set (CTRY_API_KEY or 'set api-key KEY')"))
    }
    if let metadata, URLRedaction.redact(metadata.url) != settings.api.displayURL {
      fields.append(.init("Cached from", "\(URLRedaction.redact(metadata.url)) (\(metadata.flavour))"))
    }
    fields.append(.init("Network", Self.network(network, offlineMode: settings.offline)))
    if let attempt = network.lastAttemptAt {
      let outcome =
        !network.lastAttemptFailed
        ? "succeeded" : network.lastUnsentReason == nil ? "failed" : "failed before sending a request"
      fields.append(.init("Last attempt", "\(DataSource.moment(attempt)) (\(Self.ago(attempt))), \(outcome)"))
    }
    if let error = network.lastError {
      let when = network.lastErrorAt.map { " (\(Self.ago($0)))" } ?? ""
      fields.append(.init("Last error", error + when))
    }
    let favorites = (try? await context.favorites.list().count) ?? 0
    fields.append(.init("Favorites", "\(favorites)/\(FavoritesStore.limit)"))
    var notes: [String] = []
    if let home = try? context.home.current(in: catalog) {
      fields.append(.init("Home", "\(home.country.flagEmoji) \(home.country.name.common) (\(home.source))"))
      notes += home.warning.map { [$0] } ?? []
    }
    notes += await context.favorites.drainWarnings()
    return CommandResult(.card(Card(title: "ctry status", fields: fields)), notes: notes)
  }

  /// What is known of the network: only what the last attempt showed, never a guess.
  static func network(_ state: NetworkStatus.State, offlineMode: Bool) -> String {
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
