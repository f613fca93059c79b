/// A command line bound to a command's signature. Flags are read with the command's typed keys
/// (`arguments[flags.capital]`), never by name.
package struct Arguments: Sendable {
  package var positionals: [String] = []
  /// The last value of each flag that takes one, by name (the binder's storage; read through a `FlagKey`).
  var values: [String: String] = [:]
  /// The switches given, by name.
  var switches: Set<String> = []
  /// Every value of each flag given more than once, in order (`values` keeps the last).
  var repeated: [String: [String]] = [:]

  init() {}

  package func positional(_ index: Int) -> String? {
    index < positionals.count ? positionals[index] : nil
  }

  /// Whether the switch was given.
  package subscript(flag: FlagKey<Bool>) -> Bool { switches.contains(flag.name) }

  /// The flag's value (the last one when given more than once).
  package subscript(flag: FlagKey<String>) -> String? { values[flag.name] }

  /// The flag's value as an integer (the binder has already checked that it is one).
  package subscript(flag: FlagKey<Int>) -> Int? { values[flag.name].flatMap { Int($0) } }

  /// Every value given for the flag, in order (`--member eu --member nato`).
  package subscript(flag: FlagKey<[String]>) -> [String] {
    repeated[flag.name] ?? values[flag.name].map { [$0] } ?? []
  }

  /// The flag's value as one of its choices (the binder has already checked that it is one).
  package subscript<Choice>(flag: FlagKey<Choice>) -> Choice?
  where Choice: RawRepresentable & CaseIterable, Choice.RawValue == String {
    values[flag.name].flatMap(Choice.init(rawValue:))
  }
}
