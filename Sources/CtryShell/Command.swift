/// A command of the registry: a declaration plus one function that returns a value, which the renderer
/// prints. A command writes to the terminal itself only through its context: a progress line
/// (`statusLine`, refresh's spinner) and a `[y/N]` question (`Interaction`).
package protocol Command: Sendable {
  var spec: CommandSpec { get }
  func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult
}
