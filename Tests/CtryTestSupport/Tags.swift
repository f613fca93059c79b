import Testing

/// What a suite needs beyond the process it runs in, so a run can leave it out (CONTRIBUTING.md).
extension Tag {
  /// Drives a real terminal: the shell in tmux, or a pseudo-terminal of its own.
  @Tag package static var terminal: Self
  /// Talks to a fake REST Countries server on loopback.
  @Tag package static var network: Self
  /// Takes seconds: many processes at once, or a deadline that must pass.
  @Tag package static var slow: Self
}
