/// A command of the registry: a declaration plus one function that returns a value, which the renderer
/// prints. A command writes to the terminal itself only through its context: a progress line
/// (`statusLine`, refresh's spinner) and a `[y/N]` question (`Interaction`).
package protocol Command: Sendable {
  /// The command's flags: `spec` is made with `flags: Flags.self`, and `run` reads `arguments[flags.x]`.
  associatedtype Flags: FlagGroup = NoFlags
  var spec: CommandSpec { get }
  func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult
}

extension Command {
  /// The keys `run` reads its flags with: the same type the spec's flags are made from.
  package var flags: Flags { Flags() }
}
