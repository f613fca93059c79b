/// One running script: where it is, which line runs, its arguments.
public struct ScriptFrame: Sendable, Equatable {
  public var path: String
  public var line: Int
  public var arguments: [String]

  public init(path: String, line: Int = 0, arguments: [String] = []) {
    self.path = path
    self.line = line
    self.arguments = arguments
  }

  /// `trip.ctry:12: ` before an error.
  public var location: String { "\(path):\(line): " }
}

/// The scripts running in the current task, outermost first. A task-local value, so a nested
/// `run` sees its callers (for relative paths, cycles and depth) without any shared state.
public enum ScriptStack {
  @TaskLocal public static var frames: [ScriptFrame] = []

  public static var current: ScriptFrame? { frames.last }

  /// Deeper than this is an error, not a hang.
  public static let maximumDepth = 16
}
