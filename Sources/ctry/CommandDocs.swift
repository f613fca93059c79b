import CountryModel
import CtryCommands
import CtryGrammar
import CtryShell

/// The command lists of the manual page, written from the command registry (names,
/// aliases, usage, summaries, discussions, arguments, flags and examples: what `help` shows), so
/// that the documents cannot drift from the program. `ctry __docs man|man-options` prints them;
/// `Scripts/make-docs` puts them between the marker comments of ctry.1.
enum CommandDocs {
  /// The visible commands, in `help`'s order.
  static var specs: [CommandSpec] {
    BuiltinCommands.registry().commands.map(\.spec).filter { !$0.name.hasPrefix("_") }
  }

  /// The items of ctry.1's OPTIONS list (mdoc), one `.It` per option of `ProgramFlags`, in their
  /// declared order: the spelling from the declaration, the text from `ProgramFlags.manual`. Nil
  /// names the first option that has no text, so `Scripts/make-docs` fails rather than drop it.
  static func manOptions() -> Result<String, MissingManual> {
    var lines: [String] = []
    for spec in ProgramFlags.specs {
      guard let text = ProgramFlags.manual[spec.name] else { return .failure(MissingManual(flag: spec.name)) }
      var spellings: [String] = []
      if let short = spec.short { spellings.append("Fl \(short)") }
      if !spec.shortOnly { spellings.append("Fl " + flag(spec.name)) }
      let value = spec.value == nil ? "" : " Ar " + word(spec.valueName.lowercased())
      lines.append(".It " + spellings.joined(separator: " , ") + value)
      lines.append(text)
    }
    return .success(lines.joined(separator: "\n") + "\n")
  }

  struct MissingManual: Error, CustomStringConvertible {
    let flag: String
    var description: String {
      "the option '\(flag)' has no text in ProgramFlags.manual (Sources/ctry/ProgramFlags+Manual.swift)"
    }
  }

  /// The items of ctry.1's COMMANDS list (mdoc), one `.It` per command.
  static func manPage() -> String {
    var lines: [String] = []
    for spec in specs {
      lines.append(".It " + synopsis(spec))
      lines += sentences(sentence(spec.summary))
      if let discussion = spec.discussion {
        lines += discussion.split(separator: "\n").flatMap { sentences(String($0).trimmingWhitespace()) }
      }
      let items =
        spec.positionals.map { (".It Ar " + word($0.name), $0.summary) }
        + spec.flags.map {
          (".It Fl " + flag($0.name) + ($0.value == nil ? "" : " Ar " + word($0.valueName)), $0.summary)
        }
      if !items.isEmpty {
        // As wide as the longest item (`--translation T`), up to 20 columns; a longer one goes on.
        let widest = spec.positionals.map(\.name.count) + spec.flags.map { $0.name.count + 3 + $0.valueName.count }
        lines.append(".Bl -tag -width \(min(20, (widest.max() ?? 4) + 1))n -compact")
        for (item, summary) in items {
          lines.append(item)
          lines += sentences(summary)
        }
        lines.append(".El")
      }
      if !spec.aliases.isEmpty {
        lines.append(spec.aliases.count == 1 ? "Alias:" : "Aliases:")
        for (index, alias) in spec.aliases.enumerated() {
          lines.append(".Ic " + word(alias) + (index == spec.aliases.count - 1 ? " ." : " ,"))
        }
      }
      if !spec.examples.isEmpty {
        lines.append(".Bd -literal -offset indent")
        for example in spec.examples {
          lines.append(text(example.command))
          lines.append(text("    " + example.summary))
        }
        lines.append(".Ed")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `Ic search Oo Ar TEXT Oc Oo Fl \-capital Ar C Oc …`: the usage line in mdoc.
  static func synopsis(_ spec: CommandSpec) -> String {
    var parts = ["Ic " + word(spec.name)]
    for positional in spec.positionals {
      let argument = "Ar " + word(positional.name) + (positional.variadic ? " ..." : "")
      parts.append(positional.optional ? "Oo " + argument + " Oc" : argument)
    }
    for flag in spec.flags {
      parts.append("Oo Fl " + self.flag(flag.name) + (flag.value == nil ? "" : " Ar " + word(flag.valueName)) + " Oc")
    }
    return parts.joined(separator: " ")
  }

  /// Text lines for `prose`, a sentence to a line as roff wants (it ends a sentence at a line's end);
  /// the full stop of an abbreviation (`e.g.`) is marked as none.
  static func sentences(_ prose: String) -> [String] {
    var lines: [String] = []
    var current = ""
    let words = prose.split(separator: " ").map(String.init)
    for (index, word) in words.enumerated() {
      current += (current.isEmpty ? "" : " ") + escaped(word)
      guard index < words.count - 1, let last = word.last, ".!?".contains(last) else { continue }
      if ["e.g.", "i.e.", "etc.", "vs."].contains(word.lowercased().replacing("(", with: "")) {
        current += "\\&"
      } else {
        lines.append(current)
        current = ""
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines.map(request)
  }

  /// A summary as a sentence: with its full stop.
  static func sentence(_ text: String) -> String {
    guard let last = text.last, !".!?".contains(last) else { return text }
    return text + "."
  }

  /// `\-name`: a flag's name for `Fl`.
  static func flag(_ name: String) -> String { "\\-" + escaped(name) }

  /// A word as a macro argument, never read as a macro or as punctuation (`\&?`): a name of lowercase
  /// letters (a command) or of capitals (an argument) is neither, and stays as it is for searching.
  static func word(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "-" || ("0"..."9").contains($0) }
    let capitals = text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || $0 == "_" }
    return (plain || capitals) && !text.isEmpty && !text.hasPrefix("-") ? text : "\\&" + escaped(text)
  }

  /// A line of text: escaped, and never read as a request.
  static func text(_ line: String) -> String { request(escaped(line)) }

  /// An escaped line that a leading `.`, `'` or space would make a request or a break: `\&` first.
  static func request(_ escaped: String) -> String {
    escaped.first == "." || escaped.first == "'" || escaped.first == " " ? "\\&" + escaped : escaped
  }

  /// Backslashes as `\e`, and every character outside ASCII as `\[uXXXX]`, which mandoc and groff
  /// both read whatever the input encoding.
  static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar == "\\" {
        out += "\\e"
      } else if scalar.isASCII {
        out.unicodeScalars.append(scalar)
      } else {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return out
  }
}
