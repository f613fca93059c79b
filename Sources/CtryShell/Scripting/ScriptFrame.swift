/// One running script: where it is, which line runs, its arguments.
package struct ScriptFrame: Sendable, Equatable {
  package var path: String
  package var line: Int
  package var arguments: [String]

  package init(path: String, line: Int = 0, arguments: [String] = []) {
    self.path = path
    self.line = line
    self.arguments = arguments
  }

  /// `trip.ctry:12: ` before an error.
  package var location: String { "\(path):\(line): " }
}

/// The scripts running in the current task, outermost first. A task-local value, so a nested
/// `run` sees its callers (for relative paths, cycles and depth) without any shared state.
package enum ScriptStack {
  @TaskLocal package static var frames: [ScriptFrame] = []

  package static var current: ScriptFrame? { frames.last }

  /// The line of piped stdin being run, outside any script: its errors say `line N: `.
  @TaskLocal package static var inputLine: Int?

  /// What goes before a message about the running line: `trip.ctry:12: `, `line 3: ` for piped
  /// commands, or nothing.
  package static var location: String {
    if let current { return current.location }
    return inputLine.map { "line \($0): " } ?? ""
  }

  /// Deeper than this is an error, not a hang.
  package static let maximumDepth = 16
}
