import CountryModel
import CtryGrammar

/// What Tab can do at the cursor: the candidates for the text from `replaceStart` to the cursor.
///
/// Every completion path builds one, so its initializer is where candidates from outside (country
/// and other names from a server's data, plugin names from PATH, file names) are checked before they
/// can reach a terminal: one with a control character (C0, DEL, C1) or a bidi control is dropped,
/// not offered escaped, since Tab would insert the escape as text that names nothing. The paths:
/// - the shell's Tab, inserting the replacement and listing the candidates (`EditLineEditor`);
/// - `ctry __complete WORDS…` (`Completer.candidates(words:)`);
/// - the scripts of bash, zsh and fish, `ctry __complete --shell SHELL -- …`
///   (`Completer.shellCandidates`), script files at the command word included;
/// - within each: command and plugin names, flag values, country names, favorites and file names.
package struct Completion: Sendable, Equatable {
  /// Character offset in the line where the text being completed begins (an opening quote included).
  package var replaceStart: Int
  /// What was typed there, unquoted.
  package var typed: String
  /// The candidates, unquoted, as they should read; none holds a terminal control (see above).
  package private(set) var candidates: [String]
  /// Whether a unique candidate is finished (a trailing space follows), false for directories.
  package var closesWord: Bool

  package init(replaceStart: Int, typed: String, candidates: [String], closesWord: Bool = true) {
    self.replaceStart = replaceStart
    self.typed = typed
    self.candidates = candidates.filter(Self.isOfferable)
    self.closesWord = closesWord
  }

  /// Whether `candidate` may be offered: it holds nothing `VisibleEscapes` would escape (C0 controls
  /// and DEL, C1 controls, bidi controls), so it can be inserted and listed as it is.
  static func isOfferable(_ candidate: String) -> Bool {
    !candidate.unicodeScalars.contains(where: VisibleEscapes.needsEscape)
  }

  /// The text to put in place of the typed word: the whole candidate (quoted as the tokenizer
  /// needs, then a space) when it is unique, else the candidates' longest common prefix when that
  /// says more than what was typed (its quote left open); nil when Tab can only list.
  package var replacement: String? {
    guard let first = candidates.first else { return nil }
    if candidates.count == 1 {
      return Tokenizer.quote(first) + (closesWord ? " " : "")
    }
    let common = Self.commonPrefix(candidates)
    guard common.count > typed.count || (common.count == typed.count && common != typed && !common.isEmpty)
    else { return nil }
    return Tokenizer.openQuote(common)
  }

  /// The longest prefix the candidates share, compared without regard to case; spelled as the first.
  static func commonPrefix(_ candidates: [String]) -> String {
    guard var prefix = candidates.first.map(Array.init) else { return "" }
    for candidate in candidates.dropFirst() {
      let characters = Array(candidate)
      var length = 0
      while length < min(prefix.count, characters.count),
        prefix[length].lowercased() == characters[length].lowercased()
      {
        length += 1
      }
      prefix = Array(prefix.prefix(length))
    }
    return String(prefix)
  }
}
