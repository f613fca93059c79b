/// A command's declaration: everything `help`, argument binding and completion need to know.
package struct CommandSpec: Sendable {
  package var name: String
  package var aliases: [String]
  package var summary: String
  package var discussion: String?
  package var positionals: [Positional]
  /// The flags, made from `flagGroup`'s keys.
  package private(set) var flags: [FlagSpec]
  /// The `FlagGroup` type the flags come from: the registry checks it is the command's `Flags`.
  package let flagGroup: ObjectIdentifier
  /// The keys themselves, made once with the spec: `Command.flags` hands them to `run`, so a command
  /// does not build its keys (strings, choices) again on every call.
  package let keys: any FlagGroup
  package var examples: [Example]
  /// Words after the first positional are taken as they are, flags included (`alias eu = search
  /// --region Europe`, `run trip.ctry --verbose`).
  package let passesWordsThrough: Bool
  /// Whether the command prints data that the output flags shape (`--json`, `--format`): all but
  /// `echo`, `clear` and `exit`, whose help says so.
  package let printsData: Bool
  /// The scanner for the command's words (its flags, then the global ones it does not redefine),
  /// made once with the spec rather than for every command line.
  package let scanner: FlagScanner

  package init(
    name: String, aliases: [String] = [], summary: String, discussion: String? = nil,
    positionals: [Positional] = [], flags: any FlagGroup.Type = NoFlags.self, examples: [Example] = [],
    passesWordsThrough: Bool = false, printsData: Bool = true
  ) {
    self.name = name
    self.aliases = aliases
    self.summary = summary
    self.discussion = discussion
    self.positionals = positionals
    let (keys, specs) = flags.made()
    self.flags = specs
    self.flagGroup = ObjectIdentifier(flags)
    self.keys = keys
    self.examples = examples
    self.passesWordsThrough = passesWordsThrough
    self.printsData = printsData
    self.scanner = FlagScanner(
      flags: specs + ArgumentBinder.globalFlags.filter { global in !specs.contains { $0.name == global.name } },
      passesWordsThrough: passesWordsThrough)
  }

  /// `search [TEXT] [--capital C] … [--independent]`.
  package var usage: String {
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

  package func flag(named name: String) -> FlagSpec? {
    flags.first { $0.name == name }
  }
}

/// A positional argument.
package struct Positional: Sendable {
  package var name: String
  package var kind: ValueKind
  package var summary: String
  package var optional: Bool
  /// Takes every remaining word (each a separate value).
  package var variadic: Bool
  /// Takes every remaining word joined by spaces, so `details united kingdom` needs no quotes.
  package var joinsWords: Bool
  /// The kind to complete instead of `kind` when the first argument is one of these words
  /// (`favorites remove` offers the favorites; `set format` offers the formats).
  package var kindAfter: [String: ValueKind]

  package init(
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
package struct FlagSpec: Sendable, Equatable {
  package var name: String
  /// The one-letter spelling (`-c`), if the flag has one.
  package var short: Character?
  /// Spelt only with its letter (`-c`, never `--c`): a flag whose name is its letter.
  package var shortOnly: Bool
  package var value: ValueKind?
  package var valueName: String
  package var summary: String

  package init(
    _ name: String, short: Character? = nil, _ value: ValueKind? = nil, valueName: String = "", _ summary: String
  ) {
    self.name = name
    self.short = short
    self.shortOnly = short.map { String($0) == name } ?? false
    self.value = value
    self.valueName = valueName.isEmpty ? "VALUE" : valueName
    self.summary = summary
  }

  package static func `switch`(_ name: String, short: Character? = nil, _ summary: String) -> FlagSpec {
    FlagSpec(name, short: short, nil, summary)
  }
}

/// A worked example: shown by `help` and run by the test suite (`ExamplesTests`), which checks its exit
/// status, that it writes nothing to stderr and, unless its output varies, that it prints in plain
/// format exactly what `Tests/Golden/examples/COMMAND.txt` records.
package struct Example: Sendable {
  /// Whether the example prints the same every time.
  package enum Output: Sendable, Equatable {
    /// The same on every run: checked against the golden transcript.
    case fixed
    /// Different from run to run (a random pick, a timing, the clock): only run.
    case varies
  }

  package var command: String
  package var summary: String
  /// Needs a REST Countries server (the tests run it against a fake one).
  package var needsServer: Bool
  /// Files the example expects in the working directory (name → contents); the tests create them.
  package var files: [String: String]
  /// The exit status the example ends with: 1 for an empty answer (`borders Iceland`), as grep does.
  package var status: Int32
  package var output: Output

  package init(
    _ command: String, _ summary: String, needsServer: Bool = false, files: [String: String] = [:], status: Int32 = 0,
    output: Output = .fixed
  ) {
    self.command = command
    self.summary = summary
    self.needsServer = needsServer
    self.files = files
    self.status = status
    self.output = output
  }
}
