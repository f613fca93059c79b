import CountryModel
import CtrySystem

/// How much text one command may hand ctry, wherever it comes from (the shell, a script, `-c`, piped
/// stdin, the process's own arguments): a word or a variable's value at most 64 KiB, a line at most
/// 1 MiB before and after `$1`/`${NAME}` expansion, all variables and aliases together 64 MiB. No name, code or value ctry knows comes near
/// these, and within them every command answers at once; beyond them a script could make ctry
/// hold gigabytes (`set a ${a}${a}` thirty times).
package enum InputLimits {
  /// The most UTF-8 bytes of one word, and of one variable's value.
  package static let wordBytes = 65_536
  /// The most UTF-8 bytes of one command line, before and after expansion.
  package static let lineBytes = 1_048_576

  /// The most that variables and aliases take together (`Settings`' own count: their bytes and what
  /// each entry and string costs beside them): 150,000 aliases fit, and no script can make ctry hold
  /// gigabytes of definitions.
  package static let definitionBytes = 64 * 1_048_576

  /// `65536` → `64 KiB`, `1048576` → `1 MiB`.
  static func shown(_ bytes: Int) -> String {
    bytes >= 1_048_576 ? "\(bytes / 1_048_576) MiB" : "\(bytes / 1024) KiB"
  }

  /// Throws a usage error for a line over `lineBytes`.
  package static func check(line: String) throws(CtryError) {
    let count = line.utf8.count
    guard count > lineBytes else { return }
    throw CtryError.usage(
      "a line of \(count) bytes is longer than the \(shown(lineBytes)) allowed", hint: "split it into several commands")
  }

  /// The usage error for a line that expansion made longer than `lineBytes`.
  package static var expandedLineTooLong: CtryError {
    CtryError.usage(
      "the line expands to more than the \(shown(lineBytes)) allowed", hint: "use shorter variables or fewer of them")
  }

  /// Throws a usage error for the first word over `wordBytes`, showing its start.
  package static func check(words: [String]) throws(CtryError) {
    guard let word = words.first(where: { $0.utf8.count > wordBytes }) else { return }
    throw CtryError.usage(
      "a word of \(word.utf8.count) bytes ('\(EchoedInput.shortened(word, limit: 20))') is longer than the "
        + "\(shown(wordBytes)) allowed",
      hint: "shorten it")
  }

  /// Throws a usage error when variables and aliases would hold more than `definitionBytes`.
  package static func check(definitions bytes: Int) throws(CtryError) {
    guard bytes > definitionBytes else { return }
    throw CtryError.usage(
      "variables and aliases hold at most \(shown(definitionBytes)) together",
      hint: "use fewer or shorter ones")
  }

  /// Throws a usage error for a variable's value over `wordBytes`.
  package static func check(value: String) throws(CtryError) {
    let count = value.utf8.count
    guard count > wordBytes else { return }
    throw CtryError.usage("a variable holds at most \(shown(wordBytes)), got \(count) bytes", hint: "shorten it")
  }
}
