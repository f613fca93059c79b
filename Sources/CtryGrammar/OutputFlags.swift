import CtryOutput

/// The output flags, declared once: every command takes them (`GlobalFlags`), and so does ctry
/// before its command (`ProgramFlags`). `ArgumentBinder` turns them into `OutputOverrides` for both,
/// and is the one place that refuses two flags asking for different formats.
package struct OutputFlags: FlagGroup {
  package init() {}

  package let format = FlagKey<OutputFormat>.choice(
    "format", valueName: "FORMAT", "output format: table, json, csv or plain")
  package let json = FlagKey<Bool>.switch("json", "same as --format json")
  package let noColor = FlagKey<Bool>.switch("no-color", "no colour (also when NO_COLOR is set)")
  package let lang = FlagKey<String>.option(
    "lang", .nameLanguage, valueName: "CODE",
    "country names in language CODE (fr, de, ja…; also set language, LC_ALL, LC_MESSAGES, LANG)")
}
