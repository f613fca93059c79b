/// A command of the registry: a declaration plus one function that returns a value and never prints.
package protocol Command: Sendable {
  var spec: CommandSpec { get }
  func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult
}
