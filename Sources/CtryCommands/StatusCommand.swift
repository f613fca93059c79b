import CountryKit
import CtryShell

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `status` — where the data comes from, how old it is, the server, the last error.
public struct StatusCommand: Command {
  public init() {}

  public let spec = CommandSpec(
    name: "status",
    summary: "Show the data source and its age, the API server, the last error, favorites and home",
    examples: [Example("status", "where ctry's data comes from")])

  public func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let settings = context.session.settings
    let source = await context.store.source
    let metadata = await context.store.cacheMetadata
    let network = context.store.network.current
    let catalog = context.catalog
    var fields: [Card.Field] = [.init("Data", source.description)]
    if case .cache(let fetchedAt, _) = source {
      fields.append(.init("Age", Self.age(since: fetchedAt)))
    } else {
      fields.append(.init("Age", "bundled with ctry (generated \(BundledDataset.generated))"))
    }
    fields.append(.init("Countries", String(catalog.count)))
    fields.append(.init("API", "\(settings.api.baseURL) (\(settings.api.flavour.rawValue))"))
    if let metadata, metadata.url != settings.api.baseURL {
      fields.append(.init("Cached from", "\(metadata.url) (\(metadata.flavour))"))
    }
    fields.append(
      .init(
        "Network",
        settings.offline ? "offline mode (--offline)" : (network.offline ? "offline since the last failure" : "online"))
    )
    if let error = network.lastError {
      let when = network.lastErrorAt.map { " (\(Self.age(since: $0)) ago)" } ?? ""
      fields.append(.init("Last error", error + when))
    }
    let favorites = (try? await context.favorites.list().count) ?? 0
    fields.append(.init("Favorites", "\(favorites)/\(FavoritesStore.limit)"))
    if let home = try? context.home.current(in: catalog) {
      fields.append(.init("Home", "\(home.country.flagEmoji) \(home.country.name.common) (\(home.source))"))
    }
    return CommandResult(.card(Card(title: "ctry status", fields: fields)))
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
