/// A command's declaration: everything `help`, argument binding and completion need to know.
public struct CommandSpec: Sendable {
  public var name: String
  public var aliases: [String]
  public var summary: String
  public var discussion: String?
  public var positionals: [Positional]
  public var flags: [FlagSpec]
  public var examples: [Example]
  /// Words after the first positional are taken as they are, flags included (`alias eu = search
  /// --region Europe`, `run trip.ctry --verbose`).
  public var passesWordsThrough: Bool

  public init(
    name: String, aliases: [String] = [], summary: String, discussion: String? = nil,
    positionals: [Positional] = [], flags: [FlagSpec] = [], examples: [Example] = [], passesWordsThrough: Bool = false
  ) {
    self.name = name
    self.aliases = aliases
    self.summary = summary
    self.discussion = discussion
    self.positionals = positionals
    self.flags = flags
    self.examples = examples
    self.passesWordsThrough = passesWordsThrough
  }

  /// `search [TEXT] [--capital C] … [--independent]`.
  public var usage: String {
    var parts = [name]
    for positional in positionals {
      var text = positional.name + (positional.variadic ? "…" : "")
      if positional.optional { text = "[\(text)]" }
      parts.append(text)
    }
    for flag in flags {
      parts.append("[--\(flag.name)\(flag.value == nil ? "" : " " + flag.valueName)]")
    }
    return parts.joined(separator: " ")
  }

  public func flag(named name: String) -> FlagSpec? {
    flags.first { $0.name == name }
  }
}

/// A positional argument.
public struct Positional: Sendable {
  public var name: String
  public var kind: ValueKind
  public var summary: String
  public var optional: Bool
  /// Takes every remaining word (each a separate value).
  public var variadic: Bool
  /// Takes every remaining word joined by spaces, so `details united kingdom` needs no quotes.
  public var joinsWords: Bool
  /// The kind to complete instead of `kind` when the first argument is one of these words
  /// (`favorites remove` offers the favorites; `set format` offers the formats).
  public var kindAfter: [String: ValueKind]

  public init(
    _ name: String, _ kind: ValueKind, _ summary: String, optional: Bool = false, variadic: Bool = false,
    joinsWords: Bool = false, kindAfter: [String: ValueKind] = [:]
  ) {
    self.name = name
    self.kind = kind
    self.summary = summary
    self.optional = optional
    self.variadic = variadic
    self.joinsWords = joinsWords
    self.kindAfter = kindAfter
  }
}

/// A `--flag`, either a switch (`value == nil`) or one that takes a value.
public struct FlagSpec: Sendable {
  public var name: String
  public var value: ValueKind?
  public var valueName: String
  public var summary: String

  public init(_ name: String, _ value: ValueKind? = nil, valueName: String = "", _ summary: String) {
    self.name = name
    self.value = value
    self.valueName = valueName.isEmpty ? "VALUE" : valueName
    self.summary = summary
  }

  public static func `switch`(_ name: String, _ summary: String) -> FlagSpec {
    FlagSpec(name, nil, summary)
  }
}

/// A worked example: shown by `help` and executed by the test suite, so help never lies.
public struct Example: Sendable {
  public var command: String
  public var summary: String
  /// Needs a REST Countries server (the tests run it against a fake one).
  public var needsServer: Bool
  /// Files the example expects in the working directory (name → contents); the tests create them.
  public var files: [String: String]
  /// The exit status the example ends with: 1 for an empty answer (`borders Iceland`), as grep does.
  public var status: Int32

  public init(
    _ command: String, _ summary: String, needsServer: Bool = false, files: [String: String] = [:], status: Int32 = 0
  ) {
    self.command = command
    self.summary = summary
    self.needsServer = needsServer
    self.files = files
    self.status = status
  }
}
