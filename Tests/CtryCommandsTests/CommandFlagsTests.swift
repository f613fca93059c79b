import CtryCommands
import CtryShell
import Testing

/// Commands read their flags through typed keys (`arguments[flags.capital]`), never by name. Each
/// command's spec must declare exactly the keys the command holds, in order: a key missing from the
/// spec would read nothing, since the binder, help and completion know only the spec.
@Suite struct CommandFlagsTests {
  static let commands = BuiltinCommands.registry().commands

  /// The flag of every `FlagKey` a command holds, directly or in a `FlagGroup`, in declaration order.
  static func keyedFlags(of command: any Command) -> [FlagSpec] {
    Mirror(reflecting: command).children.flatMap { child -> [FlagSpec] in
      if let group = child.value as? any FlagGroup { return group.specs }
      if let key = child.value as? any AnyFlagKey { return [key.spec] }
      return []
    }
  }

  @Test(arguments: commands.map(\.spec.name))
  func specDeclaresExactlyTheCommandsKeys(_ name: String) throws {
    let command = try #require(Self.commands.first { $0.spec.name == name })
    let keyed = Self.keyedFlags(of: command)
    try #require(
      command.spec.flags.map(\.name) == keyed.map(\.name),
      "\(name)'s spec lists the flags of its typed keys, in order")
    #expect(command.spec.flags == keyed, "\(name)'s spec flags are its keys' declarations")
  }

  @Test func everyFlagIsDeclaredOnce() {
    for command in Self.commands {
      let names = command.spec.flags.map(\.name)
      #expect(Set(names).count == names.count, "\(command.spec.name): no two keys name the same flag")
    }
  }
}
