import CtryCommands
import CtryGrammar
import CtryShell
import Testing

/// `FlagGroup.made()` lists a group's flags as its keys write them down while it is made; `Mirror`
/// lists the same keys by reflection (the way it was done before, 2.5 M instructions at start-up).
/// Both must agree for every group a command reads, and for the global flags.
@Suite struct FlagRecordingTests {
  /// The keys of `group` in declaration order, and those of a group it holds (`OutputFlags`) in its place.
  static func reflected(_ group: any FlagGroup) -> [FlagSpec] {
    Mirror(reflecting: group).children.flatMap { child -> [FlagSpec] in
      if let key = child.value as? any AnyFlagKey { return [key.spec] }
      if let inner = child.value as? any FlagGroup { return reflected(inner) }
      return []
    }
  }

  @Test(arguments: BuiltinCommands.all.map(\.spec.name))
  func everyCommandsFlagsAreItsKeysInDeclarationOrder(_ name: String) throws {
    let spec = try #require(BuiltinCommands.all.first { $0.spec.name == name }?.spec)
    #expect(spec.flags == Self.reflected(spec.keys))
    #expect(spec.flags.count == Mirror(reflecting: spec.keys).children.count { $0.value is any AnyFlagKey })
  }

  @Test func theGlobalFlagsAreTheirKeys() {
    #expect(ArgumentBinder.globalFlags == Self.reflected(GlobalFlags()))
    #expect(!ArgumentBinder.globalFlags.isEmpty)
  }
}
