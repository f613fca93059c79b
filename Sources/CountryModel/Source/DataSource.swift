import FoundationEssentials

/// Where the loaded catalog came from.
public enum DataSource: Sendable, Equatable, CustomStringConvertible {
  case bundled
  case cache(fetchedAt: Date, url: String)
  /// Countries handed in directly (tests, tools).
  case memory(String)

  public var description: String {
    switch self {
    case .bundled:
      return "bundled data from \(BundledDataset.generated) (\(BundledDataset.sourceDescription))"
    case .cache(let fetchedAt, let url):
      return "cache from \(Self.day(fetchedAt)) (\(URLRedaction.redact(url)))"
    case .memory(let name):
      return name
    }
  }

  /// A few words for the banner and the prompt's neighbours: `bundled data 2026-11-22`.
  public var shortDescription: String {
    switch self {
    case .bundled: return "bundled data \(BundledDataset.generated)"
    case .cache(let fetchedAt, _): return "cache \(Self.day(fetchedAt))"
    case .memory(let name): return name
    }
  }

  /// `2026-11-23 14:05 UTC`.
  public static func moment(_ date: Date) -> String {
    let style = Date.ISO8601FormatStyle(dateSeparator: .dash, dateTimeSeparator: .space, timeZone: .gmt)
    return String(date.formatted(style).prefix(16)) + " UTC"
  }

  static func day(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
  }
}
