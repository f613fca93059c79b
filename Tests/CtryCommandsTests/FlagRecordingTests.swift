import CtryCommands
import CtryGrammar
import CtryShell
import Testing

/// `FlagGroup.made()` lists a group's flags as its keys write them down while it is made; `Mirror`
/// lists the same keys by reflection (the way it was done before, 2.5 M instructions at start-up).
/// Both must agree for every group a command reads, and for the global flags.
@Suite struct FlagRecordingTests {
  /// The keys of `value` in declaration order, and those it holds in its place: the keys of a group
  /// it holds (`OutputFlags`), and keys made from a table (`search`'s flag for each fact, in an
  /// array of enums).
  static func reflected(_ value: Any) -> [FlagSpec] {
    if let key = value as? any AnyFlagKey { return [key.spec] }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle != .class else { return [] }
    return mirror.children.flatMap { reflected($0.value) }
  }

  @Test(arguments: BuiltinCommands.all.map(\.spec.name))
  func everyCommandsFlagsAreItsKeysInDeclarationOrder(_ name: String) throws {
    let spec = try #require(BuiltinCommands.all.first { $0.spec.name == name }?.spec)
    #expect(spec.flags == Self.reflected(spec.keys))
  }

  @Test func theGlobalFlagsAreTheirKeys() {
    #expect(ArgumentBinder.globalFlags == Self.reflected(GlobalFlags()))
    #expect(!ArgumentBinder.globalFlags.isEmpty)
  }
}
