/// Where rendered text goes.
package protocol OutputSink: Sendable {
  func write(_ text: String)
  func writeError(_ text: String)
}

/// The process's stdout and stderr, unbuffered, every write checked (see `StandardStream`): a closed
/// reader (`ctry … | head -1`) ends the process quietly with status 0, any other failure with one line
/// and status 74.
package struct StandardOutput: OutputSink {
  package init() {}

  package func write(_ text: String) { StandardStream.write(text, to: 1) }
  package func writeError(_ text: String) { Self.writeError(text) }

  package static func writeError(_ text: String) { StandardStream.write(text, to: 2) }
}
