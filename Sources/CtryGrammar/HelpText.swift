import CountryModel
import FoundationEssentials

/// Help pages built from command declarations, so help and behaviour cannot drift apart.
package enum HelpText {
  /// `help COMMAND` and `COMMAND --help`.
  package static func full(_ spec: CommandSpec) -> String {
    var lines = ["\(spec.name) — \(spec.summary)", "", "Usage: \(spec.usage)"]
    if !spec.aliases.isEmpty { lines.append("Aliases: \(spec.aliases.joined(separator: ", "))") }
    if let discussion = spec.discussion { lines += ["", discussion] }
    let arguments = spec.positionals.map { ($0.name, $0.summary) }
    let flags = spec.flags.map { (spelling($0) + ($0.value == nil ? "" : " \($0.valueName)"), $0.summary) }
    if !arguments.isEmpty { lines += ["", "Arguments:"] + aligned(arguments) }
    if !flags.isEmpty { lines += ["", "Flags:"] + aligned(flags) }
    lines += [
      "",
      spec.printsData
        ? "Output flags: \(outputFlags)"
        : "Output flags: none; \(spec.name) prints no data to shape",
    ]
    if !spec.examples.isEmpty {
      lines += ["", "Examples:"]
      for example in spec.examples {
        lines.append("  \(example.command)")
        lines.append("      \(example.summary)")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The flags that shape any command's data.
  package static let outputFlags = "--format table|json|csv|plain, --json, --no-color"

  /// `--name`, `-c` or `-h, --help`.
  package static func spelling(_ flag: FlagSpec) -> String {
    let short = flag.short.map { "-\($0)" }
    if flag.shortOnly, let short { return short }
    return (short.map { $0 + ", " } ?? "") + "--" + flag.name
  }

  /// Pairs in two columns, the second aligned.
  package static func aligned(_ pairs: [(String, String)]) -> [String] {
    let width = (pairs.map { $0.0.count }.max() ?? 0) + 2
    return pairs.map { "  " + $0.0.padded(to: width) + $0.1 }
  }
}
