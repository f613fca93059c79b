import CountryModel
import CtryOutput
import CtrySystem

/// Binds words to a signature, with usage errors that name the flag: a command's words after its
/// name, and ctry's own options before the command (`ProgramFlags`), so both read the output flags
/// (`OutputFlags`) the same way and refuse conflicting formats in one place.
package enum ArgumentBinder {
  /// The global flags as typed keys: the binder knows them by their declarations.
  private static let globalGroup = GlobalFlags.made()
  static var global: GlobalFlags { globalGroup.keys }

  /// Flags every command accepts: the output flags and help.
  package static var globalFlags: [FlagSpec] { globalGroup.specs }

  /// The words bound to `spec`: its flags and positionals in `Arguments`, the output flags and
  /// `--help` in `OutputOverrides`. A mistake is a usage error with `usageHint` as its hint (by
  /// default the command's usage), or a suggestion where one is close.
  package static func bind(
    _ words: [String], to spec: CommandSpec, usageHint givenHint: String? = nil
  ) throws(CtryError) -> (Arguments, OutputOverrides) {
    // Made only for a mistake: a line that binds never spells out the usage.
    var usageHint: String { givenHint ?? "usage: \(spec.usage)" }
    var arguments = Arguments()
    var overrides = OutputOverrides()
    var loose: [String] = []
    /// The flag that chose the output format, as typed in words (`--json`, `--format csv`).
    var formatFlag: String?
    func choose(_ format: OutputFormat, by flag: String) throws(CtryError) {
      if let chosen = overrides.format, chosen != format, let formatFlag {
        throw CtryError.usage("conflicting output formats: \(formatFlag) and \(flag)", hint: "give one")
      }
      overrides.format = format
      formatFlag = formatFlag ?? flag
    }
    let items: [FlagScanner.Item]
    do {
      items = try spec.scanner.scan(words)
    } catch {
      throw mistake(error, spec: spec, usageHint: usageHint)
    }
    let output = global.output
    for item in items {
      guard case .flag(let flag, let written, let given) = item else {
        if case .word(let word, _) = item { loose.append(word) }
        continue
      }
      switch flag {
      case output.json.spec: try choose(.json, by: "--json")
      case output.noColor.spec: overrides.noColor = true
      case global.help.spec: overrides.help = true
      default:
        guard let kind = flag.value, let value = given else {
          arguments.switches.insert(flag.name)
          continue
        }
        try validate(value, kind: kind, label: written, usageHint: usageHint)
        if flag == output.format.spec, let format = OutputFormat(rawValue: value) {
          try choose(format, by: "--format \(value)")
          continue
        }
        if flag == output.lang.spec {
          overrides.language = value
          continue
        }
        if let previous = arguments.values[flag.name] {
          arguments.repeated[flag.name, default: [previous]].append(value)
        }
        arguments.values[flag.name] = value
      }
    }
    if overrides.help { return (arguments, overrides) }
    arguments.positionals = try bindPositionals(loose, spec: spec, usageHint: usageHint)
    return (arguments, overrides)
  }

  /// A scanning mistake in the binder's words.
  private static func mistake(_ mistake: FlagScanner.Mistake, spec: CommandSpec, usageHint: @autoclosure () -> String)
    -> CtryError
  {
    switch mistake {
    case .unknown(let word, let name):
      return unknownFlag(word, name: name, spec: spec)
    case .missingValue(let flag, let written):
      return CtryError.usage("\(written) needs a value (\(flag.valueName))", hint: usageHint())
    case .unexpectedValue(_, let written, _):
      return CtryError.usage("\(written) takes no value", hint: usageHint())
    }
  }

  private static func bindPositionals(
    _ loose: [String], spec: CommandSpec, usageHint: @autoclosure () -> String
  ) throws(CtryError) -> [String] {
    var result: [String] = []
    var remaining = loose[...]
    for positional in spec.positionals {
      if remaining.isEmpty {
        if positional.optional { break }
        throw CtryError.usage("\(spec.name) needs \(positional.name)", hint: usageHint())
      }
      if positional.joinsWords {
        result.append(Array(remaining).joinedText(separator: " "))
        remaining = []
      } else if positional.variadic {
        for word in remaining {
          try validate(word, kind: positional.kind, label: positional.name, usageHint: usageHint())
        }
        result += remaining
        remaining = []
      } else {
        let word = remaining.removeFirst()
        try validate(word, kind: positional.kind, label: positional.name, usageHint: usageHint())
        result.append(word)
      }
    }
    if let extra = remaining.first {
      let hint =
        spec.positionals.isEmpty
        ? "\(spec.name) takes no arguments" : "usage: \(spec.usage); quote names that contain spaces"
      throw CtryError.usage("unexpected argument '\(EchoedInput.shortened(extra))' for \(spec.name)", hint: hint)
    }
    return result
  }

  private static func validate(_ value: String, kind: ValueKind, label: String, usageHint: @autoclosure () -> String)
    throws(CtryError)
  {
    switch kind {
    case .integer:
      guard Int(value) != nil else {
        throw CtryError.usage("\(label) needs a whole number, got '\(EchoedInput.shortened(value))'")
      }
    case .choice(let choices):
      guard choices.contains(value) else {
        let close = Suggest.closest(to: value, among: choices)
        throw CtryError.usage(
          "\(label) must be one of \(choices.joined(separator: ", ")), got '\(EchoedInput.shortened(value))'",
          hint: Suggest.hint(close.map { [$0] } ?? []) ?? usageHint())
      }
    case .list(let choices):
      let words = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      if let unknown = words.first(where: { !choices.contains($0) }) {
        throw CtryError.usage(
          "\(label) takes some of \(choices.joined(separator: ", ")), comma-separated; "
            + "got '\(EchoedInput.shortened(unknown))'")
      }
    default:
      break
    }
  }

  private static func unknownFlag(_ word: String, name: String, spec: CommandSpec) -> CtryError {
    // Long names only: a flag spelt only with its letter (`-c`) is no `--` flag to suggest.
    let known = spec.scanner.flags.filter { !$0.shortOnly }.map(\.name)
    if let close = Suggest.closest(to: name, among: known) {
      return CtryError.usage(
        "unknown flag '\(EchoedInput.shortened(word))' for \(spec.name)", hint: Suggest.hint(["--\(close)"]))
    }
    return CtryError.usage(
      "unknown flag '\(EchoedInput.shortened(word))' for \(spec.name)", hint: "see '\(spec.name) --help'")
  }
}
