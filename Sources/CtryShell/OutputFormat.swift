/// How results are printed.
public enum OutputFormat: String, Sendable, CaseIterable {
  case table, json, csv, plain
}

/// Output overrides a single command line may carry (`details Egypt --json`).
public struct OutputOverrides: Sendable, Equatable {
  public var format: OutputFormat?
  public var noColor = false
  public var help = false

  public init() {}
}
