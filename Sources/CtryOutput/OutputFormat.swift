/// How results are printed.
package enum OutputFormat: String, Sendable, CaseIterable {
  case table, json, csv, plain
}

/// Output overrides a single command line may carry (`details Egypt --json`).
package struct OutputOverrides: Sendable, Equatable {
  package var format: OutputFormat?
  package var noColor = false
  /// `--lang CODE` as typed: the language of country names for this line (`LanguageChoice` checks it).
  package var language: String?
  package var help = false

  package init() {}
}
