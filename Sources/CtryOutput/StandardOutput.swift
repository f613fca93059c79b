/// Where rendered output goes: stdout's bytes (a rendered result is bytes from start to end, never
/// made into a String whose UTF-8 would be checked again), and stderr's lines.
package protocol OutputSink: Sendable {
  func write(_ bytes: [UInt8])
  func writeError(_ text: String)
}

extension OutputSink {
  /// Text for stdout: a prompt, a banner, a generated page.
  package func write(_ text: String) { write(Array(text.utf8)) }
}

/// The process's stdout and stderr, unbuffered, every write checked (see `StandardStream`): a closed
/// reader (`ctry … | head -1`) ends the process quietly with status 0, any other failure with one line
/// and status 74.
package struct StandardOutput: OutputSink {
  package init() {}

  package func write(_ bytes: [UInt8]) { bytes.withUnsafeBytes { StandardStream.write($0, to: 1) } }
  package func writeError(_ text: String) { Self.writeError(text) }

  package static func writeError(_ text: String) { StandardStream.write(text, to: 2) }
}
