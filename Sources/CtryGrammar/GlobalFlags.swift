import CtryOutput

/// The flags every command accepts: the output flags and help. The binder turns them into
/// `OutputOverrides` unless the command declares a flag of the same name.
package struct GlobalFlags: FlagGroup {
  package init() {}

  package let output = OutputFlags()
  package let help = FlagKey<Bool>.switch("help", short: "h", "show help")
}
