/// A command's flags, declared once as the stored `FlagKey` properties of one type:
///
///     struct Flags: FlagGroup {
///       let live = FlagKey<Bool>.switch("live", "ask the server")
///     }
///     let spec = CommandSpec(name: "details", …, flags: Flags.self)  // the spec lists Flags' keys
///     arguments[flags.live]  // `Command.flags` is a `Flags`
///
/// The spec's flags are made from the type the command reads them through, and the registry refuses
/// a command whose spec names another (`CommandRegistry.Invalid`), so a flag a command reads is always
/// one it declares.
package protocol FlagGroup: Sendable {
  init()
}

extension FlagGroup {
  /// The flags of every `FlagKey` property, in declaration order (the order help and usage list them).
  package var specs: [FlagSpec] {
    Mirror(reflecting: self).children.compactMap { ($0.value as? any AnyFlagKey)?.spec }
  }
}

/// The flags of a command that has none of its own.
package struct NoFlags: FlagGroup {
  package init() {}
}
