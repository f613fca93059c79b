import CtryGrammar
import CtryOutput
import CtryShell
import Testing

/// `CommandRegistry.check` refuses a command table the registry could not serve; the registry itself
/// refuses a name taken twice.
@Suite struct CommandRegistryTests {
  struct Flags: FlagGroup {
    let live = FlagKey<Bool>.switch("live", "l")
  }

  struct Other: FlagGroup {
    let live = FlagKey<Bool>.switch("live", "l")
  }

  struct Twice: FlagGroup {
    let first = FlagKey<Bool>.switch("live", "l")
    let second = FlagKey<String>.option("live", .text, valueName: "L", "l")
  }

  /// A command that reads its flags with `Keys`.
  struct Probe<Keys: FlagGroup>: Command {
    typealias Flags = Keys
    let spec: CommandSpec
    func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
      CommandResult(.text(""))
    }
  }

  static func probe(
    _ name: String, aliases: [String] = [], positionals: [Positional] = [], flags: any FlagGroup.Type = Flags.self
  ) -> Probe<Flags> {
    Probe(spec: CommandSpec(name: name, aliases: aliases, summary: "s", positionals: positionals, flags: flags))
  }

  @Test func aDuplicateAliasFailsAtConstruction() {
    #expect(throws: CommandRegistry.Invalid("'show' names both details and map")) {
      try CommandRegistry([Self.probe("details", aliases: ["show"]), Self.probe("map", aliases: ["show"])])
    }
    #expect(throws: CommandRegistry.Invalid("'show' names both details and map")) {
      try CommandRegistry.check([Self.probe("details", aliases: ["show"]), Self.probe("map", aliases: ["show"])])
    }
    #expect(throws: CommandRegistry.Invalid("'details' names both details and details")) {
      try CommandRegistry.check([Self.probe("details"), Self.probe("details")])
    }
    #expect(throws: CommandRegistry.Invalid("'find' names both find and search")) {
      try CommandRegistry.check([Self.probe("find"), Self.probe("search", aliases: ["find"])])
    }
  }

  @Test func flagsComeFromTheTypeTheCommandReads() {
    #expect(throws: CommandRegistry.Invalid("details's spec lists another type's flags than the ones it reads")) {
      try CommandRegistry.check([Self.probe("details", flags: Other.self)])
    }
    #expect(throws: CommandRegistry.Invalid("details declares --live twice")) {
      try CommandRegistry.check([Probe<Twice>(spec: CommandSpec(name: "details", summary: "s", flags: Twice.self))])
    }
  }

  @Test func positionalsComeInAnOrderTheBinderCanFill() {
    let rest = Positional("WORDS", .text, "w", optional: true, variadic: true)
    let optional = Positional("TEXT", .text, "t", optional: true)
    let required = Positional("NAME", .text, "n")
    #expect(throws: CommandRegistry.Invalid("run: NAME can never be reached after WORDS")) {
      try CommandRegistry.check([Self.probe("run", positionals: [rest, required])])
    }
    #expect(throws: CommandRegistry.Invalid("run: NAME can never be reached after TEXT")) {
      try CommandRegistry.check([Self.probe("run", positionals: [optional, required])])
    }
    #expect(throws: Never.self) {
      try CommandRegistry.check([Self.probe("run", positionals: [required, optional, rest])])
    }
  }
}
