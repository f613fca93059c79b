import CtryGrammar
import CtryShell
import CtrySystem

/// `ctry __complete [--shell bash|zsh|fish] [--listing] [--] WORDS…`, completion's one entry point:
///
/// - without `--shell`, WORDS are a command and its arguments as the interactive shell would have
///   split them, the last being completed; one candidate per line, as Tab in the shell offers them;
/// - with `--shell`, WORDS are the shell's command line from `ctry` up to the cursor, quotes as typed
///   (or that line as one word). ctry's own options are read with `ProgramFlags.spec.scanner`, the
///   command's words with the command's, and each candidate replaces the shell's current word: after
///   its last `=` or `:` for bash (which splits words there), the whole word for zsh and fish.
///   zsh and fish get the candidates as they read and quote them as they insert them; bash gets them
///   quoted (`BashQuoting`), or as they read with `--listing`, when it only lists them.
///
/// The scripts in completions/ only pass the line on and hand the answer to their shell.
enum ShellCompletion {
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

  struct Flags: FlagGroup {
    let shell = FlagKey<Shell>.choice("shell", valueName: "SHELL", "bash, zsh or fish")
    let listing = FlagKey<Bool>.switch("listing", "bash lists the candidates and inserts none (its second Tab)")
  }

  private static let group = Flags.made()
  static var flags: Flags { group.keys }

  /// The candidates `__complete`'s arguments ask for, or a usage error.
  static func answer(_ arguments: [String], completer: Completer) throws(CtryError) -> [String] {
    let items: [FlagScanner.Item]
    do {
      items = try FlagScanner(flags: group.specs, passesWordsThrough: true).scan(arguments)
    } catch {
      throw CtryError.usage(
        "usage: ctry __complete [--shell bash|zsh|fish] [--listing] -- WORDS…",
        hint: "the scripts in completions/ send it")
    }
    var shell: Shell?
    var listing = false
    var words: [String] = []
    for item in items {
      switch item {
      case .flag(let spec, _, _) where spec.name == flags.listing.name:
        listing = true
      case .flag(_, _, let value):
        guard let chosen = value.flatMap(Shell.init(rawValue:)) else {
          throw CtryError.usage("--shell must be one of bash, zsh or fish", hint: "the scripts in completions/ send it")
        }
        shell = chosen
      case .word(let word, _):
        words.append(word)
      }
    }
    guard let shell else { return completer.candidates(words: words) }
    return candidates(shell: shell, line: words.joined(separator: " "), listing: listing, completer: completer)
  }

  /// The candidates for the shell's current word of `line` (from `ctry` to the cursor).
  static func candidates(shell: Shell, line: String, listing: Bool, completer: Completer) -> [String] {
    let scan = Tokenizer.scan(line)
    let tokens = Array(scan.tokens.dropFirst())
    let cursorToken = scan.endsInSpace || tokens.isEmpty ? nil : tokens.last
    let words = (cursorToken == nil ? tokens : tokens.dropLast()).map(\.value) + [cursorToken?.value ?? ""]
    let raw = cursorToken.map { String(Array(line)[$0.start...]) } ?? ""
    let current = shell == .bash ? bashWord(raw) : raw
    let location = ProgramFlags.spec.scanner.locate(words)
    let found: [String]
    switch location.cursor {
    case .flagValue(let flag, let typed, let prefix):
      // bash's word is only the value after `--format=`; zsh's and fish's the whole word.
      let lead = shell == .bash ? "" : String(raw.prefix(prefix))
      found = values(of: flag, typed: typed).map { lead + $0 }
    case .flagName(let typed):
      let names = ProgramFlags.specs.filter { !$0.shortOnly }.map { "--" + $0.name }.sorted()
      found = names.filter { $0.hasPrefix(typed) }
    case .word:
      // The command's words, from the first word that is no option of ctry's (the cursor's, if none).
      let first = location.words.first.map { tokens[$0].start } ?? cursorToken?.start ?? line.count
      let rest = String(Array(line)[min(first, line.count)...])
      found = completer.shellCandidates(line: rest, current: current)
    }
    guard shell == .bash else { return found }
    return BashQuoting.reply(found, context: BashQuoting.context(of: line), word: current, listing: listing)
  }

  /// bash's current word: the text after the last `=` or `:` outside quotes (COMP_WORDBREAKS).
  static func bashWord(_ raw: String) -> String {
    var quote: Character?
    var escaped = false
    var start = raw.startIndex
    for index in raw.indices {
      let character = raw[index]
      if escaped {
        escaped = false
      } else if character == "\\" && quote != "'" {
        escaped = true
      } else if let open = quote {
        if character == open { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == "=" || character == ":" {
        start = raw.index(after: index)
      }
    }
    return String(raw[start...])
  }

  /// The values of one of ctry's options that start with `typed`: its choices or the values it
  /// suggests, or directories.
  static func values(of flag: FlagSpec, typed: String) -> [String] {
    switch flag.value {
    case .choice(let choices)?, .suggested(let choices)?: return choices.filter { $0.hasPrefix(typed) }
    case .directory?: return PathCompletion.directories(typed)
    case .nameLanguage?: return LanguageChoice.codes().filter { $0.hasPrefix(typed) }
    default: return []
    }
  }
}
