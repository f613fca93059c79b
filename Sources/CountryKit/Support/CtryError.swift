/// An error meant for a person: one line of message, an optional hint, and the process exit code.
///
/// Exit codes follow the CLI contract: 1 for "not found" and "refused", 2 for usage errors.
public struct CtryError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    case notFound
    case refused
    case usage
    case io
    case data
    case network
    case cancelled
  }

  public var kind: Kind
  public var message: String
  public var hint: String?

  public init(_ kind: Kind, _ message: String, hint: String? = nil) {
    self.kind = kind
    self.message = message
    self.hint = hint
  }

  /// The process exit code for this error.
  public var exitCode: Int32 {
    switch kind {
    case .usage: return 2
    case .cancelled: return 130
    default: return 1
    }
  }

  /// The single line shown on stderr: `message — hint`.
  public var description: String {
    guard let hint, !hint.isEmpty else { return message }
    return "\(message) — \(hint)"
  }

  public static func notFound(_ message: String, hint: String? = nil) -> CtryError {
    CtryError(.notFound, message, hint: hint)
  }

  public static func refused(_ message: String, hint: String? = nil) -> CtryError {
    CtryError(.refused, message, hint: hint)
  }

  public static func usage(_ message: String, hint: String? = nil) -> CtryError {
    CtryError(.usage, message, hint: hint)
  }
}
