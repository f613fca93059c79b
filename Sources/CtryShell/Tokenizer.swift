import CtrySystem

/// Splits a command line into words with shell-like quoting.
///
/// `'…'` is literal; `"…"` allows `\"` and `\\`; a backslash outside quotes escapes the next
/// character; `#` at the start of a word begins a comment that runs to the end of the line.
package enum Tokenizer {
  /// One word and where it stands in the line.
  package struct Token: Sendable, Equatable {
    package var value: String
    /// Character offsets of the raw word in the line (quotes included).
    package var start: Int
    package var end: Int
  }

  /// The words of a line, or a usage error for an unterminated quote.
  package static func tokenize(_ line: String) throws(CtryError) -> [String] {
    let result = scan(line)
    if let quote = result.openQuote {
      throw CtryError.usage("unterminated \(quote) quote", hint: "close it, or escape it with a backslash")
    }
    return result.tokens.map(\.value)
  }

  /// A lenient scan for completion: never fails; reports a quote left open at the end of the line and
  /// whether the line ends between words.
  package static func scan(_ line: String) -> (tokens: [Token], openQuote: Character?, endsInSpace: Bool) {
    var tokens: [Token] = []
    var current = ""
    var inWord = false
    var start = 0
    var quote: UInt8?
    var escaped = false
    var offset = 0
    var lastWasSpace = true
    for character in line {
      defer { offset += 1 }
      // Each case below is one ASCII byte: compared as that byte, not as a Character (a string
      // comparison each, eight for a letter).
      let byte = character.utf8.count == 1 ? character.utf8.first : nil
      if escaped {
        current.append(character)
        escaped = false
        continue
      }
      if let open = quote {
        if byte == open {
          quote = nil
        } else if byte == UInt8(ascii: "\\"), open == UInt8(ascii: "\"") {
          escaped = true
        } else {
          current.append(character)
        }
        continue
      }
      switch byte {
      case UInt8(ascii: " ")?, UInt8(ascii: "\t")?, UInt8(ascii: "\n")?, UInt8(ascii: "\r")?:
        if inWord {
          tokens.append(Token(value: current, start: start, end: offset))
          current = ""
          inWord = false
        }
        lastWasSpace = true
        continue
      case UInt8(ascii: "#")? where !inWord:
        return (tokens, nil, true)
      case UInt8(ascii: "\\")?:
        escaped = true
      case UInt8(ascii: "'")?, UInt8(ascii: "\"")?:
        quote = byte
      default:
        current.append(character)
      }
      if !inWord {
        inWord = true
        start = offset
      }
      lastWasSpace = false
    }
    if inWord || quote != nil {
      tokens.append(Token(value: current, start: start, end: offset))
    }
    return (tokens, quote.map { Character(Unicode.Scalar($0)) }, lastWasSpace && quote == nil && !escaped)
  }

  /// How a line typed in the shell is left open, so the shell reads a continuation line: a quote
  /// not yet closed, or a backslash at the very end (outside a comment).
  package enum Continuation: Sendable, Equatable {
    case quote
    case backslash
  }

  package static func continuation(of line: String) -> Continuation? {
    let result = scan(line)
    if result.openQuote != nil { return .quote }
    guard line.hasSuffix("\\") else { return nil }
    // An odd run of backslashes at the end escapes the newline (`\\` is a literal backslash).
    let run = line.reversed().prefix { $0 == "\\" }.count
    let commented = result.endsInSpace && result.tokens.last.map { $0.end < line.count - 1 } ?? true
    return run % 2 == 1 && !commented ? .backslash : nil
  }

  /// Quotes `word` so that `tokenize` reads it back as one word (`Côte d'Ivoire` → `"Côte d'Ivoire"`).
  package static func quote(_ word: String) -> String {
    let special: Set<Character> = [" ", "\t", "'", "\"", "\\", "#", "$"]
    guard word.isEmpty || word.contains(where: special.contains) else { return word }
    if !word.contains("'") { return "'\(word)'" }
    var out = "\""
    for character in word {
      if character == "\"" || character == "\\" { out.append("\\") }
      out.append(character)
    }
    return out + "\""
  }

  /// Like `quote`, but leaves the quote open so more can be typed inside it (`'United `).
  package static func openQuote(_ prefix: String) -> String {
    let quoted = quote(prefix)
    guard quoted != prefix, let last = quoted.last, last == "'" || last == "\"" else { return prefix }
    return String(quoted.dropLast())
  }
}
