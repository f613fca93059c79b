/// A typed key for a `--flag`: it declares the flag (`spec`, from which `CommandSpec.flags` is built)
/// and reads the flag's bound value from `Arguments` as `Value`, so a command never looks a flag up by
/// a string. Made only by the constructors below, one per kind of value:
///
///     let capital = FlagKey<String>.option("capital", .text, valueName: "C", "capital contains C")
///     arguments[flags.capital]  // String?
package struct FlagKey<Value: Sendable>: Sendable {
  package let spec: FlagSpec

  /// Writes the spec down for the group being made (`FlagGroup.made()`).
  private init(_ spec: FlagSpec) {
    self.spec = spec
    FlagRecorder.current?.record(spec)
  }

  package var name: String { spec.name }
}

extension FlagKey where Value == Bool {
  /// A flag without a value; reads `true` when given.
  package static func `switch`(_ name: String, short: Character? = nil, _ summary: String) -> Self {
    Self(.switch(name, short: short, summary))
  }
}

extension FlagKey where Value == String {
  /// A flag with one value; reads its last value, or nil when not given.
  package static func option(_ name: String, _ kind: ValueKind, valueName: String, _ summary: String) -> Self {
    Self(FlagSpec(name, kind, valueName: valueName, summary))
  }
}

extension FlagKey where Value == Int {
  /// A flag with a whole number (the binder checks it is one); reads nil when not given.
  package static func integer(_ name: String, valueName: String, _ summary: String) -> Self {
    Self(FlagSpec(name, .integer, valueName: valueName, summary))
  }
}

extension FlagKey where Value == [String] {
  /// A flag that may be given more than once (`--member eu --member nato`); reads every value in order.
  package static func repeatable(
    _ name: String, short: Character? = nil, _ kind: ValueKind, valueName: String, _ summary: String
  ) -> Self {
    Self(FlagSpec(name, short: short, kind, valueName: valueName, summary))
  }
}

extension FlagKey where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
  /// A flag whose value is one of `Value`'s cases, by raw value (`--sort population`). A closure, not
  /// the key path `\.rawValue`, which every start would have to make.
  package static func choice(_ name: String, valueName: String, _ summary: String) -> Self {
    Self(FlagSpec(name, .choice(Value.allCases.map { $0.rawValue }), valueName: valueName, summary))
  }
}

/// A `FlagKey` of any value type, for the tests to find among a group's properties with `Mirror`.
package protocol AnyFlagKey {
  var spec: FlagSpec { get }
}

extension FlagKey: AnyFlagKey {}
