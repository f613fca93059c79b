import CountryModel
import CtryGrammar
import FoundationEssentials
import Synchronization

/// One completer for the shell's Tab and for `ctry __complete`, driven by the command signatures.
///
/// A value over the data it was given (a catalog and the favorites, which the shell reads before each
/// prompt: `reading(_:favorites:)`) that never awaits, so libedit's synchronous callback can call it.
/// The per-catalog index is built on first use and shared by the completers made from this one, so a
/// new prompt over the same catalog reuses it.
package struct Completer: Sendable {
  private let registry: CommandRegistry
  private var catalog: CountryCatalog
  private var favorites: [String]
  /// Country names in the language names are shown in (`LanguageChoice`), offered first; nil: English.
  private var names: LocalNames?
  private let extraCommands: @Sendable () -> [String]
  private let offersScripts: Bool
  private let indexes: IndexCache

  /// `extraCommands`: aliases and plugins; `favorites`: the favorites' cca3 codes; `offersScripts`:
  /// the command word may also be a `.ctry` file (or a directory on the way to one), as in
  /// `ctry trip.ctry`.
  package init(
    registry: CommandRegistry, catalog: CountryCatalog, extraCommands: @escaping @Sendable () -> [String] = { [] },
    favorites: [String] = [], offersScripts: Bool = false, names: LocalNames? = nil
  ) {
    self.names = names
    self.registry = registry
    self.catalog = catalog
    self.extraCommands = extraCommands
    self.favorites = favorites
    self.offersScripts = offersScripts
    self.indexes = IndexCache()
  }

  /// This completer over other data: the shell's, taken before a prompt, with the names in the
  /// language the shell shows them in.
  package func reading(_ catalog: CountryCatalog, favorites: [String], names: LocalNames? = nil) -> Completer {
    var copy = self
    copy.catalog = catalog
    copy.favorites = favorites
    copy.names = names
    return copy
  }

  /// Completion for the text before the cursor.
  package func complete(_ line: String) -> Completion {
    let scan = Tokenizer.scan(line)
    var tokens = scan.tokens
    let current: Tokenizer.Token
    if scan.endsInSpace || tokens.isEmpty {
      let offset = line.count
      current = Tokenizer.Token(value: "", start: offset, end: offset)
    } else {
      current = tokens.removeLast()
    }
    return complete(previous: tokens, current: current, joinWords: true)
  }

  /// Candidates for shell completion scripts: every word but the last is complete, the last is
  /// being typed. One candidate per line, unquoted.
  package func candidates(words: [String]) -> [String] {
    var tokens: [Tokenizer.Token] = []
    var offset = 0
    for word in words.dropLast() {
      tokens.append(Tokenizer.Token(value: word, start: offset, end: offset + word.count))
      offset += word.count + 1
    }
    let last = words.last ?? ""
    let current = Tokenizer.Token(value: last, start: offset, end: offset + last.count)
    return complete(previous: tokens, current: current, joinWords: false).candidates
  }

  private func complete(previous: [Tokenizer.Token], current: Tokenizer.Token, joinWords: Bool) -> Completion {
    func done(_ candidates: [String], start: Int = current.start, typed: String = current.value, closes: Bool = true)
      -> Completion
    {
      Completion(replaceStart: start, typed: typed, candidates: candidates, closesWord: closes)
    }
    guard let first = previous.first else {
      return done(commandNames(current.value) + (offersScripts ? PathCompletion.scripts(current.value) : []))
    }
    guard let command = registry.command(named: first.value) else { return done([]) }
    let spec = command.spec
    let arguments = Array(previous.dropFirst())
    // The binder's own reading of the words, leniently: where the cursor is, `--flag=` values included.
    let location = spec.scanner.locate(arguments.map(\.value) + [current.value])
    switch location.cursor {
    case .flagValue(let flag, let typed, let prefix):
      guard let kind = flag.value else { return done([]) }
      return done(values(kind, typed), start: current.start + prefix, typed: typed)
    case .flagName(let typed):
      let names = spec.scanner.flags.map { "--" + $0.name }
      return done(names.filter { $0.hasPrefix(typed) })
    case .word:
      break
    }
    let positionalTokens = location.words.map { arguments[$0] }
    let wordsBeforeLastFlag = location.wordsBeforeLastFlag
    var index = 0
    var consumed = 0
    while index < spec.positionals.count, consumed < positionalTokens.count {
      let positional = spec.positionals[index]
      if positional.variadic || positional.joinsWords { break }
      consumed += 1
      index += 1
    }
    guard index < spec.positionals.count else { return done([]) }
    let positional = spec.positionals[index]
    let kind =
      index > 0 ? positionalTokens.first.flatMap { positional.kindAfter[$0.value] } ?? positional.kind : positional.kind
    if positional.joinsWords, consumed < positionalTokens.count {
      // `details Egypt --json <Tab>`: the flag closed the name; the word at the cursor is no part
      // of it, and nothing typed before the cursor may be replaced.
      guard wordsBeforeLastFlag <= consumed else { return done([]) }
      if joinWords {
        let words = positionalTokens[consumed...].map(\.value) + [current.value]
        let typed = words.joined(separator: " ")
        return done(values(kind, typed), start: positionalTokens[consumed].start, typed: typed)
      }
    }
    if positional.variadic, kind == .country, joinWords, !current.value.isEmpty, wordsBeforeLastFlag <= consumed {
      // `compare Egypt united k<Tab>`: the longest run of words before the cursor that starts a
      // name, as `favorites add new zealand egypt` resolves them.
      let words = positionalTokens[consumed...]
      for start in words.indices {
        let typed = (words[start...].map(\.value) + [current.value]).joined(separator: " ")
        let found = values(kind, typed)
        if !found.isEmpty { return done(found, start: words[start].start, typed: typed) }
      }
    }
    if kind == .script {
      let paths = PathCompletion.scripts(current.value)
      return done(paths, closes: !(paths.count == 1 && paths[0].hasSuffix("/")))
    }
    return done(values(kind, current.value))
  }

  private func commandNames(_ prefix: String) -> [String] {
    Array(Set(registry.names + extraCommands())).filter { $0.hasPrefix(prefix) && !$0.hasPrefix("_") }.sorted()
  }

  /// Candidates of a value kind for what was typed.
  func values(_ kind: ValueKind, _ typed: String) -> [String] {
    switch kind {
    case .country: return countries(typed)
    case .currency: return matching(index.currencyCodes, typed)
    case .currencyOrCountry: return matching(index.currencyCodes, typed) + (typed.isEmpty ? [] : countries(typed))
    case .region: return matching(index.regions, typed)
    case .subregion: return matching(index.subregions, typed)
    case .language: return matching(index.languages, typed)
    case .nameLanguage: return matching(LanguageChoice.codes(), typed)
    case .demonym: return matching(index.demonyms, typed)
    case .subdivisionKind: return matching((try? Subdivisions.bundled().kinds) ?? [], typed)
    case .choice(let choices), .suggested(let choices): return matching(choices, typed)
    case .list(let choices):
      // The words typed so far stay; the one after the last comma is completed.
      let head = typed.lastIndex(of: ",").map { typed[...$0] } ?? ""
      let chosen = head.split(separator: ",").map(String.init)
      return matching(choices.filter { !chosen.contains($0) }, String(typed.dropFirst(head.count))).map {
        head + $0
      }
    case .favorite:
      // A favorite the data no longer has is offered by its code, which `favorites remove` takes.
      let names = favorites.map { catalog.country(cca3: $0)?.name.common ?? $0 }
      return matching(names, typed).sorted(by: Self.displayOrder)
    case .command: return commandNames(typed)
    case .script: return PathCompletion.scripts(typed)
    case .directory: return PathCompletion.directories(typed)
    case .text, .integer: return []
    }
  }

  /// Names in the shell's language first (`Allem` → Allemagne), then common names; when none starts
  /// with the text, official and alternative names (`cote` → Côte d'Ivoire); a country code offers
  /// its country. When no country is offered, the names of subdivisions that begin with the text
  /// (`bava` → Bavaria), from two letters on.
  func countries(_ typed: String) -> [String] {
    let found = countryNames(typed)
    guard found.isEmpty, typed.count >= 2, let table = try? Subdivisions.bundled() else { return found }
    return table.names(startingWith: typed).sorted(by: Self.displayOrder)
  }

  private func countryNames(_ typed: String) -> [String] {
    if let names {
      let local = indexes.local(names).lookup(typed).matches
      if !local.isEmpty { return local.sorted(by: Self.displayOrder) }
    }
    let index = self.index
    let common = index.commonNames.lookup(typed).matches
    if !common.isEmpty { return common.sorted(by: Self.displayOrder) }
    let others = index.otherNames.lookup(typed).matches
    if !others.isEmpty { return others.sorted(by: Self.displayOrder) }
    if (2...3).contains(typed.count), let country = catalog.country(code: typed) {
      return [names?.name(of: country.cca3, else: country.name.common) ?? country.name.common]
    }
    return []
  }

  /// The values `typed` begins, ignoring case and accents; a leading `-` (`--sort -population`) is
  /// not folded away: `p` offers `population`, `-p` `-population`.
  private func matching(_ values: [String], _ typed: String) -> [String] {
    let folded = TextFolding.fold(typed)
    return values.filter {
      (typed.isEmpty || $0.hasPrefix("-") == typed.hasPrefix("-")) && TextFolding.fold($0).hasPrefix(folded)
    }
  }

  static func displayOrder(_ a: String, _ b: String) -> Bool {
    let (x, y) = (TextFolding.fold(a), TextFolding.fold(b))
    return x == y ? a < b : x < y
  }

  /// Builds the current catalog's index now: the shell calls this in the background once the prompt
  /// is up, so the first Tab finds it ready.
  package func prepare() {
    _ = index
  }

  private var index: CompletionIndex { indexes.index(for: catalog) }
}

/// The completion index of the last catalog completed against: catalogs are swapped whole, so one
/// is enough.
private final class IndexCache: Sendable {
  /// The catalog itself, not its address: a freed catalog's address may be a new one's.
  private let cached = Mutex<(catalog: CountryCatalog, index: CompletionIndex)?>(nil)
  /// The prefix index of the last language's names completed against.
  private let localCached = Mutex<(language: String, index: PrefixIndex)?>(nil)

  func local(_ names: LocalNames) -> PrefixIndex {
    localCached.withLock { cached in
      if let cached, cached.language == names.language.code { return cached.index }
      let index = PrefixIndex(names.all.map { ($0.name, $0.name) })
      cached = (names.language.code, index)
      return index
    }
  }

  func index(for catalog: CountryCatalog) -> CompletionIndex {
    cached.withLock { cached in
      if let cached, cached.catalog === catalog { return cached.index }
      let index = CompletionIndex(catalog)
      cached = (catalog, index)
      return index
    }
  }
}
