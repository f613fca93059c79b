import CtryGrammar
import CtryOutput

/// A command of the registry: a declaration plus one function that returns a value, which the renderer
/// prints. A command writes to the terminal itself only through its context: a progress line
/// (`statusLine`, refresh's spinner), a `[y/N]` question and `quiz`'s questions (`Interaction`).
package protocol Command: Sendable {
  /// The command's flags: `spec` is made with `flags: Flags.self`, and `run` reads `arguments[flags.x]`.
  associatedtype Flags: FlagGroup = NoFlags
  var spec: CommandSpec { get }
  func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult
}

extension Command {
  /// The keys `run` reads its flags with: the ones the spec was made from (the registry checks that
  /// the spec's group is this `Flags`), else a new set.
  package var flags: Flags { spec.keys as? Flags ?? Flags() }
}
