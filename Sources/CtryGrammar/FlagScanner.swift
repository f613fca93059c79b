/// The one reading of words against a table of flags, shared by ctry's own options (the words before
/// the command), every command's arguments and completion, so that what binds and what completes
/// cannot disagree. It knows the shapes of words and nothing of what they mean:
///
/// - `--name`, `--name VALUE`, `--name=VALUE`; `-x`, `-x VALUE`, `-xVALUE` for a flag with a short name;
/// - `--` ends the flags; `-` alone and negative numbers (`-5`) are words, not flags;
/// - with `passesWordsThrough`, every word after the first word that is no flag is a word too (ctry's
///   options end at the command; `alias NAME WORDS…` takes `--json` as one of the WORDS).
///
/// `scan` is strict (a caller turns its `Mistake` into a usage error in its own words); `locate` is the
/// lenient mode completion uses: it never fails and says what the last word is.
package struct FlagScanner: Sendable {
  /// A word read: a flag with its value, or a word that is no flag.
  package enum Item: Sendable, Equatable {
    /// `written` is the flag as typed (`--format`, `-c`), `value` nil for a switch.
    case flag(FlagSpec, written: String, value: String?)
    /// A word that is no flag, with its position among the scanned words.
    case word(String, index: Int)
  }

  /// Why a strict scan stopped.
  package enum Mistake: Error, Equatable {
    /// `word` is no flag of the table; `name` is it without dashes and any `=VALUE`.
    case unknown(word: String, name: String)
    /// The last word is a flag that takes a value.
    case missingValue(FlagSpec, written: String)
    /// A switch written with `=VALUE`.
    case unexpectedValue(FlagSpec, written: String, word: String)
  }

  /// What the word at the cursor is, for completion.
  package enum Cursor: Sendable, Equatable {
    /// The start of a flag's name (`--reg`, `-`).
    case flagName(typed: String)
    /// A flag's value: its own word after the flag (`prefix` 0), or attached after `--name=`
    /// (`prefix` counts the characters before the value).
    case flagValue(FlagSpec, typed: String, prefix: Int)
    /// A word that is no flag.
    case word(typed: String)
  }

  /// Where the cursor is, and the words before it as the strict scan would read them (unknown flags
  /// skipped as switches).
  package struct Location: Sendable, Equatable {
    package var cursor: Cursor
    /// The positions of the words before the cursor that are no flags.
    package var words: [Int]
    /// How many of `words` came before the last flag (a flag ends a run of joined words).
    package var wordsBeforeLastFlag: Int
  }

  package let flags: [FlagSpec]
  package let passesWordsThrough: Bool

  package init(flags: [FlagSpec], passesWordsThrough: Bool = false) {
    self.flags = flags
    self.passesWordsThrough = passesWordsThrough
  }

  /// The words as flags and words, or the first mistake.
  package func scan(_ words: [String]) throws(Mistake) -> [Item] {
    var items: [Item] = []
    var state = State()
    var index = 0
    while index < words.count {
      let word = words[index]
      index += 1
      switch read(word, state: &state) {
      case .word:
        items.append(.word(word, index: index - 1))
      case .end:
        continue
      case .unknown(let name):
        throw .unknown(word: word, name: name)
      case .flag(let flag, let written, let attached):
        if flag.value == nil {
          if attached != nil { throw .unexpectedValue(flag, written: written, word: word) }
          items.append(.flag(flag, written: written, value: nil))
        } else if let attached {
          items.append(.flag(flag, written: written, value: attached))
        } else if index < words.count {
          items.append(.flag(flag, written: written, value: words[index]))
          index += 1
        } else {
          throw .missingValue(flag, written: written)
        }
      }
    }
    return items
  }

  /// Where the last word of `words` stands (the one at the cursor, "" after a space).
  package func locate(_ words: [String]) -> Location {
    var state = State()
    var location = Location(cursor: .word(typed: words.last ?? ""), words: [], wordsBeforeLastFlag: 0)
    let last = words.count - 1
    var index = 0
    while index < last {
      let word = words[index]
      index += 1
      switch read(word, state: &state) {
      case .word:
        location.words.append(index - 1)
      case .end, .unknown:
        location.wordsBeforeLastFlag = location.words.count
      case .flag(let flag, _, let attached):
        location.wordsBeforeLastFlag = location.words.count
        guard flag.value != nil, attached == nil else { continue }
        if index == last {
          location.cursor = .flagValue(flag, typed: words[last], prefix: 0)
          return location
        }
        index += 1
      }
    }
    guard last >= 0 else { return location }
    let typed = words[last]
    guard !state.onlyWords, typed == "-" || Self.isFlag(typed) else { return location }
    if case .flag(let flag, let written, let attached?) = read(typed, state: &state), flag.value != nil {
      location.cursor = .flagValue(flag, typed: attached, prefix: written.count + 1)
    } else {
      location.cursor = .flagName(typed: typed)
    }
    return location
  }

  private struct State {
    var onlyWords = false
  }

  private enum Reading {
    case word
    case end
    case unknown(name: String)
    case flag(FlagSpec, written: String, attached: String?)
  }

  private func read(_ word: String, state: inout State) -> Reading {
    if state.onlyWords || !Self.isFlag(word) {
      if passesWordsThrough { state.onlyWords = true }
      return .word
    }
    if word == "--" {
      state.onlyWords = true
      return .end
    }
    if word.hasPrefix("--") {
      var name = word.dropFirst(2)
      var attached: String?
      if let equals = name.firstIndex(of: "=") {
        attached = String(name[name.index(after: equals)...])
        name = name[..<equals]
      }
      guard let flag = flags.first(where: { $0.name == name && !$0.shortOnly }) else {
        return .unknown(name: String(name))
      }
      return .flag(flag, written: "--" + String(name), attached: attached)
    }
    let letter = word.dropFirst().first
    guard let flag = flags.first(where: { $0.short != nil && $0.short == letter }) else {
      return .unknown(name: String(word.dropFirst()))
    }
    let rest = String(word.dropFirst(2))
    if rest.isEmpty { return .flag(flag, written: "-" + String(word.dropFirst().prefix(1)), attached: nil) }
    // `-cCOMMAND`: a short flag's value may follow it; a switch has nothing after its letter.
    guard flag.value != nil else { return .unknown(name: String(word.dropFirst())) }
    return .flag(flag, written: "-" + String(word.dropFirst().prefix(1)), attached: rest)
  }

  /// Whether `word` has a flag's shape: a dash and more, but not a negative number.
  static func isFlag(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word.count > 1 else { return false }
    return !(word.dropFirst().first?.isNumber ?? false)
  }
}
