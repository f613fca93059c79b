/// A command's flags, declared once as the stored `FlagKey` properties of one type:
///
///     struct Flags: FlagGroup {
///       let live = FlagKey<Bool>.switch("live", "ask the server")
///     }
///     let flags = Flags()  // the command reads `arguments[flags.live]`
///     let spec = CommandSpec(name: "details", …, flags: Flags().specs)
///
/// The spec's flags are built from the keys, so a flag a command reads is always one it declares.
package protocol FlagGroup: Sendable {}

extension FlagGroup {
  /// The flags of every `FlagKey` property, in declaration order (the order help and usage list them).
  package var specs: [FlagSpec] {
    Mirror(reflecting: self).children.compactMap { ($0.value as? any AnyFlagKey)?.spec }
  }
}
