/// An error meant for a person: one line of message, an optional hint, and the process exit code.
///
/// The core names no shell command: where the way out is a command, a flag or a setting, it throws a
/// `fact` and leaves the hint to the shell (`CtryError.worded` there).
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
    /// A limit the system sets (`ulimit`) leaves too little room: exit 71 (`EX_OSERR`).
    case systemLimit
  }

  public var kind: Kind
  public var message: String
  public var hint: String?
  /// What happened, for the shell to word the hint when the core gave none.
  public var fact: (any Fact)?

  /// What happened, in the terms of the layer that knows it: each layer declares its own facts as
  /// types of its own, and this layer declares none. The shell words each one's way out.
  public protocol Fact: Sendable, Equatable {}

  public init(_ kind: Kind, _ message: String, hint: String? = nil, fact: (any Fact)? = nil) {
    self.kind = kind
    self.message = message
    self.hint = hint
    self.fact = fact
  }

  public static func == (left: CtryError, right: CtryError) -> Bool {
    guard left.kind == right.kind, left.message == right.message, left.hint == right.hint else { return false }
    switch (left.fact, right.fact) {
    case (nil, nil): return true
    case (let fact?, let other?): return fact.isSame(as: other)
    default: return false
    }
  }

  /// The process exit code for this error.
  public var exitCode: Int32 {
    switch kind {
    case .usage: return 2
    case .cancelled: return 130
    case .systemLimit: return 71
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

extension CtryError.Fact {
  /// Whether `other` is this fact: of the same type, and equal.
  fileprivate func isSame(as other: any CtryError.Fact) -> Bool {
    (other as? Self) == self
  }
}
