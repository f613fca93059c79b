import CountryKit

/// A command line bound to a command's signature.
package struct Arguments: Sendable {
  package var positionals: [String] = []
  package var values: [String: String] = [:]
  package var switches: Set<String> = []
  /// Every value of each flag given more than once, in order (`values` keeps the last).
  package var repeated: [String: [String]] = [:]

  package init(positionals: [String] = [], values: [String: String] = [:], switches: Set<String> = []) {
    self.positionals = positionals
    self.values = values
    self.switches = switches
  }

  package func positional(_ index: Int) -> String? {
    index < positionals.count ? positionals[index] : nil
  }

  package func value(_ flag: String) -> String? { values[flag] }

  /// Every value given for the flag, in order (`--member eu --member nato`).
  package func allValues(_ flag: String) -> [String] { repeated[flag] ?? values[flag].map { [$0] } ?? [] }

  package func has(_ flag: String) -> Bool { switches.contains(flag) }

  /// The flag's value as an integer (the binder has already checked that it is one).
  package func integer(_ flag: String) -> Int? { values[flag].flatMap { Int($0) } }

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
