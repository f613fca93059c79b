import Synchronization

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
  /// The group and its flags in declaration order (the order help and usage list them). Each key
  /// writes its spec down as the group's initialiser makes it, in the order the properties are
  /// declared, so listing them takes no reflection (no `Mirror`, no cast per key type).
  /// `FlagRecordingTests` holds the written-down list to `Mirror`'s for every command's group and the
  /// global flags.
  package static func made() -> (keys: Self, specs: [FlagSpec]) {
    let recorder = FlagRecorder()
    let keys = FlagRecorder.$current.withValue(recorder) { Self() }
    return (keys, recorder.specs)
  }
}

/// Where the `FlagKey`s made by one group's initialiser write their specs down (`FlagGroup.made()`).
package final class FlagRecorder: Sendable {
  /// The recorder of the group being made on this thread or task, if any.
  @TaskLocal package static var current: FlagRecorder?

  private let recorded = Mutex<[FlagSpec]>([])

  var specs: [FlagSpec] { recorded.withLock { $0 } }

  func record(_ spec: FlagSpec) { recorded.withLock { $0.append(spec) } }
}

/// The flags of a command that has none of its own.
package struct NoFlags: FlagGroup {
  package init() {}
}
