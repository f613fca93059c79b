import CountryKit

/// A command line bound to a command's signature.
public struct Arguments: Sendable {
  public var positionals: [String] = []
  public var values: [String: String] = [:]
  public var switches: Set<String> = []

  public init(positionals: [String] = [], values: [String: String] = [:], switches: Set<String> = []) {
    self.positionals = positionals
    self.values = values
    self.switches = switches
  }

  public func positional(_ index: Int) -> String? {
    index < positionals.count ? positionals[index] : nil
  }

  public func value(_ flag: String) -> String? { values[flag] }

  public func has(_ flag: String) -> Bool { switches.contains(flag) }

  /// The flag's value as an integer (the binder has already checked that it is one).
  public func integer(_ flag: String) -> Int? { values[flag].flatMap { Int($0) } }
}
