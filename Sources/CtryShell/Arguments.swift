import CountryKit

/// A command line bound to a command's signature.
public struct Arguments: Sendable {
  public var positionals: [String] = []
  public var values: [String: String] = [:]
  public var switches: Set<String> = []
  /// Every value of each flag given more than once, in order (`values` keeps the last).
  public var repeated: [String: [String]] = [:]

  public init(positionals: [String] = [], values: [String: String] = [:], switches: Set<String> = []) {
    self.positionals = positionals
    self.values = values
    self.switches = switches
  }

  public func positional(_ index: Int) -> String? {
    index < positionals.count ? positionals[index] : nil
  }

  public func value(_ flag: String) -> String? { values[flag] }

  /// Every value given for the flag, in order (`--member eu --member nato`).
  public func allValues(_ flag: String) -> [String] { repeated[flag] ?? values[flag].map { [$0] } ?? [] }

  public func has(_ flag: String) -> Bool { switches.contains(flag) }

  /// The flag's value as an integer (the binder has already checked that it is one).
  public func integer(_ flag: String) -> Int? { values[flag].flatMap { Int($0) } }
}
