import CtryGrammar

/// Candidates as bash's completion function hands them to readline, which inserts them as they are:
/// completions/ctry.bash registers no `-o filenames`, under which bash would expand `$…` and
/// `` `…` `` in a candidate as Tab inserts it. So ctry quotes each candidate for the quote open at the
/// cursor, as readline sees the line (a backslash escapes outside single quotes; `'` and `"` open
/// and close):
///
/// - none: a backslash before every ASCII character but letters, digits and `-_./+,%`
///   (`New\ Zealand`, `Côte\ d\'Ivoire`); a leading `~/` the word began with is kept;
/// - `"`: `\` before `$`, `` ` ``, `"` and `\`; `!` is written outside the quotes, `"\!"`, since
///   history expansion reads it within them; readline adds the closing quote;
/// - `'`: `'` is written `'\''`; readline adds the closing quote;
/// - `$'`: `\\` and `\x27`.
///
/// readline closes the quote only when the inserted text does not end in the quote character, and
/// takes a candidate that begins with it as replacing the opening quote, so a candidate ends with
/// its quote closed exactly when its last character is that quote, and one that would have to begin
/// with it (`!…` after `"`, `'…` after `'`) is left out. Every prefix of a quoted candidate (what
/// readline inserts when several share it) is as safe as the whole: it ends, at worst, in a quote
/// left open or a backslash.
enum BashQuoting {
  enum Context: Equatable {
    case none, double, single, ansiC
  }

  /// The quote open at the end of `line`, as readline finds it: a backslash escapes the next
  /// character outside single quotes; `$'` opens an ANSI-C quote, `$"` a double one.
  static func context(of line: String) -> Context {
    var context = Context.none
    var escaped = false
    var dollar = false
    for scalar in line.unicodeScalars {
      if escaped {
        escaped = false
        dollar = false
        continue
      }
      switch (context, scalar) {
      case (.single, "'"), (.ansiC, "'"), (.double, "\""): context = .none
      case (.single, _), (.ansiC, _): break
      case (_, "\\"): escaped = true
      case (.none, "'"): context = dollar ? .ansiC : .single
      case (.none, "\""): context = .double
      default: break
      }
      dollar = context == .none && scalar == "$"
    }
    return context
  }

  /// The candidates for one Tab: each quoted for `context`, or, when bash only lists them (the
  /// second Tab) and there are several, as they read, without the directory part `word` (the word
  /// as typed) names, as bash lists file names. Those that cannot be quoted are left out.
  static func reply(_ candidates: [String], context: Context, word: String, listing: Bool) -> [String] {
    let keepsTilde = context == .none && word.hasPrefix("~/")
    let offered = candidates.compactMap { candidate in
      quote(candidate, in: context, keepsTilde: keepsTilde).map { (reads: candidate, quoted: $0) }
    }
    guard listing, offered.count > 1 else { return offered.map(\.quoted) }
    let typed = Tokenizer.scan(word).tokens.last?.value ?? ""
    let directory = typed.lastIndex(of: "/").map { String(typed[...$0]) } ?? ""
    return offered.map { candidate in
      !directory.isEmpty && candidate.reads.hasPrefix(directory) && candidate.reads.count > directory.count
        ? String(candidate.reads.dropFirst(directory.count)) : candidate.reads
    }
  }

  /// `candidate` written for `context`, or nil when it cannot be.
  static func quote(_ candidate: String, in context: Context, keepsTilde: Bool = false) -> String? {
    switch context {
    case .none:
      if keepsTilde, candidate.hasPrefix("~/") { return "~" + escaped(String(candidate.dropFirst())) }
      return escaped(candidate)
    case .double: return doubleQuoted(candidate)
    case .single: return singleQuoted(candidate)
    case .ansiC:
      var text = ""
      for scalar in candidate.unicodeScalars {
        switch scalar {
        case "\\": text += "\\\\"
        case "'": text += "\\x27"
        default: text.unicodeScalars.append(scalar)
        }
      }
      return text
    }
  }

  /// ASCII that needs no backslash outside quotes.
  private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "/", "+", ",", "%": true
    default: !scalar.isASCII
    }
  }

  private static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if !isPlain(scalar) { result += "\\" }
      result.unicodeScalars.append(scalar)
    }
    return result
  }

  /// Within `"…"`, opened before the candidate; `!` is written after closing it, which is reopened
  /// for what follows.
  private static func doubleQuoted(_ text: String) -> String? {
    guard !text.hasPrefix("!") else { return nil }
    var result = ""
    var open = true
    for scalar in text.unicodeScalars {
      if scalar == "!" {
        result += open ? "\"\\!" : "\\!"
        open = false
        continue
      }
      if !open {
        result += "\""
        open = true
      }
      if scalar == "$" || scalar == "`" || scalar == "\"" || scalar == "\\" { result += "\\" }
      result.unicodeScalars.append(scalar)
    }
    if open, result.hasSuffix("\"") { result += "\"" }
    if !open { result += "\"\"" }
    return result
  }

  /// Within `'…'`, opened before the candidate; `'` is written `\'` after closing it, which is
  /// reopened for what follows.
  private static func singleQuoted(_ text: String) -> String? {
    guard !text.hasPrefix("'") else { return nil }
    var result = ""
    var open = true
    for scalar in text.unicodeScalars {
      if scalar == "'" {
        result += open ? "'\\'" : "\\'"
        open = false
        continue
      }
      if !open {
        result += "'"
        open = true
      }
      result.unicodeScalars.append(scalar)
    }
    return result
  }
}
