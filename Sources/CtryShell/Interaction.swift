#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Asking the person at the keyboard; scripts and pipes cannot be asked.
public protocol Interaction: Sendable {
  /// Whether a question can be put to a person (stdin and stderr are terminals).
  var canAsk: Bool { get }
  /// Asks a yes/no question; anything but y/yes is no.
  func confirm(_ question: String) async -> Bool
}

/// Never asks: every confirmation needs `--yes`.
public struct NoInteraction: Interaction {
  public init() {}
  public var canAsk: Bool { false }
  public func confirm(_ question: String) async -> Bool { false }
}

/// Asks on the terminal: the question on stderr, the answer from stdin.
public struct TerminalInteraction: Interaction {
  public init() {}
  public var canAsk: Bool { Terminal.isTerminal(0) && Terminal.isTerminal(2) }

  public func confirm(_ question: String) async -> Bool {
    StandardOutput.writeError("\(question) [y/N] ")
    guard let answer = readLine() else { return false }
    return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
  }
}
