import CtryOutput

/// The flags every command accepts: output format, colour and help. The binder turns them into
/// `OutputOverrides` unless the command declares a flag of the same name.
package struct GlobalFlags: FlagGroup {
  package init() {}

  let format = FlagKey<OutputFormat>.choice("format", valueName: "FORMAT", "output format")
  let json = FlagKey<Bool>.switch("json", "same as --format json")
  let noColor = FlagKey<Bool>.switch("no-color", "no colour in the output")
  let help = FlagKey<Bool>.switch("help", short: "h", "show this command's help")
}
