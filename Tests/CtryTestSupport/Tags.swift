import Testing

/// What a suite needs beyond the process it runs in, so a run can leave it out (CONTRIBUTING.md).
extension Tag {
  /// Drives a real terminal: the shell in tmux, or a pseudo-terminal of its own.
  @Tag package static var terminal: Self
  /// Talks to a fake REST Countries server on loopback.
  @Tag package static var network: Self
  /// Takes seconds: many processes at once, or a deadline that must pass.
  @Tag package static var slow: Self
  /// Repeats a race or a crash over many trials (`StressTrials`): few in the main lane, as many as
  /// a time budget allows in the stress lane (`Scripts/test --stress`).
  @Tag package static var stress: Self
}
