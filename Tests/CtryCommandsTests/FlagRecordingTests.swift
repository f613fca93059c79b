import CtryCommands
import CtryGrammar
import CtryShell
import Testing

/// `FlagGroup.made()` lists a group's flags as its keys write them down while it is made; `Mirror`
/// lists the same keys by reflection (the way it was done before, 2.5 M instructions at start-up).
/// Both must agree for every group a command reads, and for the global flags.
@Suite struct FlagRecordingTests {
  static func reflected(_ group: any FlagGroup) -> [FlagSpec] {
    Mirror(reflecting: group).children.compactMap { ($0.value as? any AnyFlagKey)?.spec }
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
