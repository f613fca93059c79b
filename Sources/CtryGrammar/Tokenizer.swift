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

    package init(value: String, start: Int, end: Int) {
      self.value = value
      self.start = start
      self.end = end
    }
  }

  /// The words of a line, or a usage error for an unterminated quote.
  package static func tokenize(_ line: String) throws(CtryError) -> [String] {
    let result = words(line)
    if let quote = result.openQuote {
      throw CtryError.usage(
        "unterminated \(Character(Unicode.Scalar(quote))) quote", hint: "close it, or escape it with a backslash")
    }
    return result.words.map(\.value)
  }

  /// A lenient scan for completion: never fails; reports a quote left open at the end of the line and
  /// whether the line ends between words. Offsets are in Characters, as the line editor counts.
  package static func scan(_ line: String) -> (tokens: [Token], openQuote: Character?, endsInSpace: Bool) {
    let result = words(line)
    // Each byte's Character offset (a byte inside a Character counts as that Character).
    var characterAt: [Int] = []
    characterAt.reserveCapacity(line.utf8.count + 1)
    for (offset, character) in line.enumerated() {
      characterAt.append(contentsOf: repeatElement(offset, count: character.utf8.count))
    }
    characterAt.append(line.count)
    let tokens = result.words.map {
      Token(value: $0.value, start: characterAt[$0.start], end: characterAt[$0.end])
    }
    return (tokens, result.openQuote.map { Character(Unicode.Scalar($0)) }, result.endsInSpace)
  }

  /// The one scan of a line, over its UTF-8 bytes: its words as `Token`s whose offsets are bytes (a
  /// struct, not a tuple, whose array's type metadata would be looked up at run time). Every
  /// character the grammar gives a meaning (space, tab, line ends, quotes, backslash, `#`) is one
  /// ASCII byte, and no byte of another character is ASCII, so the rest is copied as it comes. A
  /// backslash escapes the byte after it, which for a character of several bytes is its first: the
  /// others follow as text.
  private static func words(_ line: String) -> (words: [Token], openQuote: UInt8?, endsInSpace: Bool) {
    var line = line
    return line.withUTF8 { bytes in
      var words: [Token] = []
      var current: [UInt8] = []
      var inWord = false
      var start = 0
      var quote: UInt8?
      var escaped = false
      var lastWasSpace = true
      func finish(at end: Int) {
        words.append(Token(value: String(decoding: current, as: UTF8.self), start: start, end: end))
        current.removeAll(keepingCapacity: true)
      }
      for (offset, byte) in bytes.enumerated() {
        if escaped {
          current.append(byte)
          escaped = false
          continue
        }
        if let open = quote {
          if byte == open {
            quote = nil
          } else if byte == UInt8(ascii: "\\"), open == UInt8(ascii: "\"") {
            escaped = true
          } else {
            current.append(byte)
          }
          continue
        }
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
          if inWord {
            finish(at: offset)
            inWord = false
          }
          lastWasSpace = true
          continue
        case UInt8(ascii: "#") where !inWord:
          return (words, nil, true)
        case UInt8(ascii: "\\"):
          escaped = true
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
          quote = byte
        default:
          current.append(byte)
        }
        if !inWord {
          inWord = true
          start = offset
        }
        lastWasSpace = false
      }
      if inWord || quote != nil { finish(at: bytes.count) }
      return (words, quote, lastWasSpace && quote == nil && !escaped)
    }
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
