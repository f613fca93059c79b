import CtrySystem
import FoundationEssentials
import Synchronization

extension CountryCatalog {
  /// Countries whose names, translations or capitals match `text`, best first.
  ///
  /// Case and diacritics are ignored. Ranks: exact, prefix, word prefix, substring; typo-tolerant
  /// matches (`germny` → Germany) are offered only when nothing matches better.
  public func search(_ text: String) -> [SearchHit] {
    rankedMatches(text).map {
      SearchHit(country: countries[$0.index], rank: $0.rank, field: $0.field, index: $0.index)
    }
  }

  /// `search` as indices into `countries`, without copying records.
  func rankedMatches(_ text: String) -> [(index: Int, rank: MatchRank, field: NameField)] {
    let query = TextFolding.foldedBytes(text)
    // Nothing to match (punctuation, a symbol, an emoji): a flag emoji is its country, anything
    // else matches nothing, never everything.
    guard !query.isEmpty else { return flagIndex(text).map { [($0, .exact, .common)] } ?? [] }
    let signature = NameTable.querySignature(query)
    var best = [(rank: MatchRank, field: NameField)?](repeating: nil, count: countries.count)
    // `best` passed in, not captured: a nested function's captured variable is checked for
    // exclusive access at run time, once for each block of names that passes the signature.
    func scan(_ names: NameTable, into best: inout [(rank: MatchRank, field: NameField)?]) {
      names.withColumns { names in
        names.forEachName(matching: signature) { name in
          guard let rank = MatchRank.of(query, in: names.key(name)) else { return }
          let country = names.country(name)
          let field = names.fields[name]
          if let current = best[country], (current.rank, current.field) <= (rank, field) { return }
          best[country] = (rank, field)
        }
      }
    }
    scan(index.primaryNames, into: &best)
    scan(index.secondaryNames, into: &best)
    // A code (`de`, `BRN`, `276`) is a name too: its country comes first.
    if (2...3).contains(query.count), let coded = index.codes[String(decoding: query, as: UTF8.self).uppercased()] {
      best[coded] = (.exact, .common)
    }
    var hits: [(index: Int, rank: MatchRank, field: NameField)] = best.enumerated().compactMap { index, match in
      match.map { (index, $0.rank, $0.field) }
    }
    if hits.isEmpty {
      hits = typoMatches(String(decoding: query, as: UTF8.self)).map { ($0.0, .typo, .common) }
    }
    // Names and codes above capitals, capitals above translations; then how well, then which name.
    return hits.sorted { lhs, rhs in
      if lhs.field.group != rhs.field.group { return lhs.field.group < rhs.field.group }
      if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
      if lhs.field != rhs.field { return lhs.field < rhs.field }
      return lhs.index < rhs.index
    }
  }

  /// What a hit matched on, when that is not the country's common name or a code: `capital Cairo`,
  /// `Hungarian name Egyesült Államok`, `also called Holland` (`HitExplainer`).
  public func explanation(of hit: SearchHit, for text: String) -> String? {
    var explainer = HitExplainer(self, query: text)
    return explainer.explain(hit.index, rank: hit.rank, field: hit.field)
  }

  /// The English name of an ISO 639-3 code, from the languages the countries speak (`hun` →
  /// Hungarian); the code itself when no country lists it.
  package func languageName(_ code: String) -> String {
    Self.languageName(code, among: languages)
  }

  /// The English name of `code` among `languages` (a catalog's `languages`).
  static func languageName(_ code: String, among languages: [String: String]) -> String {
    languages[code] ?? translationLanguages[code] ?? code
  }

  /// REST Countries' translation keys that no country lists among its languages.
  static let translationLanguages = ["bre": "Breton", "cym": "Welsh", "per": "Persian", "zho": "Chinese"]

  /// Countries within a small edit distance of `query` on their English names or name words.
  func typoMatches(_ query: String) -> [(Int, Int)] {
    let limit = query.count <= 3 ? 0 : (query.count <= 6 ? 1 : 2)
    guard limit > 0 else { return [] }
    let scalars = Array(query.unicodeScalars)
    var found: [Int: Int] = [:]
    let letters = TypoCandidate.Letters(scalars)
    scalars.withUnsafeBufferPointer { query in
      lazyParts.candidates.forEach { candidate, text in
        guard abs(text.count - query.count) <= limit,
          candidate.letters.distanceBound(to: letters, limit: limit) <= limit,
          let distance = EditDistance.distance(query, text, limit: limit)
        else { return }
        found[Int(candidate.country)] = min(found[Int(candidate.country)] ?? .max, distance)
      }
    }
    return found.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map { ($0.key, $0.value) }
  }

  /// Turns a name or code into one country, or says why it can't.
  ///
  /// Codes (cca2, cca3, ccn3, cioc) win, also spelt as initials (`U.S.A.`, `u k`); then exact names
  /// (common name first, then official names, alternative spellings and `OtherNames`); then a unique
  /// prefix of a common, official or alternative name; then a unique search hit, except for a query
  /// of three letters or fewer, which would find countries that merely contain it (`ROC` in
  /// Morocco); then the one country within typo distance. A flag emoji is its country. Several
  /// equally good matches are `.ambiguous`; nothing is `.notFound` with close names to suggest.
  public func resolve(_ text: String) -> Resolution {
    let trimmed = text.trimmingWhitespace()
    if let letters = Self.initials(trimmed) { return resolve(letters) }
    if (2...3).contains(trimmed.count), let country = country(code: trimmed) { return .found(country, .asTyped) }
    let query = TextFolding.fold(trimmed)
    guard !query.isEmpty else {
      return flagIndex(trimmed).map { .found(countries[$0], .asTyped) } ?? .notFound(suggestions: [])
    }

    let key = Array(query.utf8)
    let signature = NameTable.querySignature(key)
    func found(_ index: Int) -> Resolution {
      let country = countries[index]
      return .found(country, otherNameNote(trimmed, for: country).map { .otherName(note: $0) } ?? .asTyped)
    }
    // Names equal to the text, the first kind that has one deciding: common names, then official
    // names and spellings, native names and translations, capitals. The English names and capitals
    // are one table, read once; the native names and translations only when it has no common,
    // official or alternative name equal to the text.
    let exactSignature = NameTable.signature(key)
    let primary = equalNames(key, signature: exactSignature, in: index.primaryNames)
    for group in 0..<4 {
      let exact = group == 2 ? equalNames(key, signature: exactSignature, in: index.secondaryNames)[2] : primary[group]
      if exact.count == 1 { return found(exact[0]) }
      if exact.count > 1 { return .ambiguous(exact.map { countries[$0] }) }
    }
    // A word that starts one country's name is taken only when it starts no other country's name
    // or name word: `details america` lists American Samoa and the United States of America.
    let prefixed = matching(fields: [.common, .official, .altSpelling], signature: signature) {
      MatchRank.of(key, in: $0).map { $0 <= .wordPrefix } ?? false
    }
    if prefixed.count == 1 { return found(prefixed[0]) }
    if prefixed.count > 1 { return .ambiguous(prefixed.map { countries[$0] }) }
    guard key.count > 3 else { return .notFound(suggestions: []) }
    let hits = search(trimmed)
    if let first = hits.first, first.rank != .typo {
      let top = hits.filter { $0.rank == first.rank && $0.field.group == first.field.group }
      return top.count == 1 ? .found(first.country, .asTyped) : .ambiguous(top.map(\.country))
    }
    // Only typos are near: one is taken (with a note), several are suggestions.
    if hits.count == 1 { return .found(hits[0].country, .typo) }
    return .notFound(suggestions: suggestions(for: query))
  }

  /// The letters of initials written with dots or spaces (`U.S.A.`, `u k`, `U. A. E.`) as one code
  /// (`USA`); nil for anything else.
  static func initials(_ text: String) -> String? {
    guard text.contains(where: { $0 == "." || $0 == " " }) else { return nil }
    let parts = text.split(whereSeparator: { $0 == "." || $0 == " " })
    guard (2...3).contains(parts.count),
      parts.allSatisfy({ $0.count == 1 && $0.first?.isASCII == true && $0.first?.isLetter == true })
    else { return nil }
    return parts.joined().uppercased()
  }

  /// Resolves `text` or throws the error a person should see (`unknown country 'X' — did you mean …`).
  public func require(_ text: String) throws(CtryError) -> (country: Country, reading: Reading) {
    if text.trimmingWhitespace().isEmpty {
      throw CtryError(
        .usage, "a country is needed, not an empty argument", hint: "give a name or a code, e.g. Egypt or EG")
    }
    let shown = EchoedInput.shortened(text)
    switch resolve(text) {
    case .found(let country, let reading):
      return (country, reading)
    case .ambiguous(let candidates):
      let names = candidates.prefix(8).map(\.name.common).joined(separator: ", ")
      let more = candidates.count > 8 ? ", …" : ""
      if let note = dissolvedStateNote(text) {
        throw CtryError.notFound(
          "'\(shown)': \(note); it is now \(candidates.count) countries: \(names)\(more)", hint: "name one of them")
      }
      throw CtryError.notFound(
        "'\(shown)' matches \(candidates.count) countries: \(names)\(more)", hint: "be more specific")
    case .notFound(let suggestions):
      // Close names are the hint; without any, the shell words one (a search only when it finds
      // something).
      let names = suggestions.map(\.name.common)
      let fact = UnknownCountry(
        query: shown, suggestions: names, searchFinds: names.isEmpty && !search(text).isEmpty)
      throw CtryError(.notFound, "unknown country '\(shown)'", hint: Suggest.hint(names), fact: fact)
    }
  }

  /// The position of the country a flag emoji stands for: two regional indicator symbols spelling
  /// its ISO 3166-1 alpha-2 code (🇪🇬 → EG → Egypt); nil for anything else.
  func flagIndex(_ text: String) -> Int? {
    let scalars = text.unicodeScalars.filter { $0.value != 0xFE0F }
    guard scalars.count == 2 else { return nil }
    var letters: [UInt8] = []
    for scalar in scalars {
      guard (0x1F1E6...0x1F1FF).contains(scalar.value) else { return nil }
      letters.append(UInt8(scalar.value - 0x1F1E6) + UInt8(ascii: "A"))
    }
    return index.codes[String(decoding: letters, as: UTF8.self)]
  }

  /// The countries with a name in `table` equal to `key`, sorted, in four groups by the name's field:
  /// common; official and alternative; native and translation; capital. An equal key has an equal
  /// signature (`signature`, the key's own): most names are passed over on that alone.
  private func equalNames(_ key: [UInt8], signature: UInt64, in table: NameTable) -> [[Int]] {
    var groups: [[Int]] = [[], [], [], []]
    key.withUnsafeBufferPointer { key in
      table.withColumns { names in
        names.forEachName(matching: signature, equal: true) { name in
          guard names.key(name).elementsEqual(key) else { return }
          let group: Int
          switch names.fields[name] {
          case .common: group = 0
          case .official, .altSpelling: group = 1
          case .native, .translation: group = 2
          case .capital: group = 3
          }
          let country = names.country(name)
          if !groups[group].contains(country) { groups[group].append(country) }
        }
      }
    }
    return groups.map { $0.sorted() }
  }

  /// Countries with a name in `fields` that passes `predicate`; `signature` is the signature of a text
  /// every such name contains (the predicate tests a prefix).
  private func matching(
    fields: [NameField], signature: UInt64, _ predicate: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> [Int] {
    let secondary = fields.contains(.native) || fields.contains(.translation)
    let wanted = fields.reduce(0 as UInt8) { $0 | 1 << UInt8($1.rawValue) }
    var seen = [Bool](repeating: false, count: countries.count)
    var result: [Int] = []
    let table = secondary ? index.secondaryNames : index.primaryNames
    table.withColumns { names in
      names.forEachName(matching: signature) { name in
        guard wanted & 1 << UInt8(names.fields[name].rawValue) != 0 else { return }
        let country = names.country(name)
        if !seen[country], predicate(names.key(name)) {
          seen[country] = true
          result.append(country)
        }
      }
    }
    return result.sorted()
  }

  /// Up to three countries whose English names look like `query`: typo matches first, else the
  /// names nearest in edit distance relative to their length (similarity at least
  /// `suggestionThreshold`, and close to the best), so `swizerland` suggests Switzerland and
  /// nonsense suggests nothing.
  /// The least similarity (1 − edit distance ÷ length) at which a name is suggested.
  static let suggestionThreshold = 0.65

  func suggestions(for query: String) -> [Country] {
    let typos = typoMatches(query).prefix(3).map { countries[$0.0] }
    if !typos.isEmpty { return Array(typos) }
    var best: [Int: Double] = [:]
    let scalars = Array(query.unicodeScalars)
    let letters = TypoCandidate.Letters(scalars)
    var bestSoFar = 0.0
    scalars.withUnsafeBufferPointer { query in
      lazyParts.candidates.forEach(suggestionsOnly: true) { candidate, text in
        let length = max(query.count, text.count)
        // Similarity must reach the threshold, and come within 0.15 of the best so far to survive
        // the filter below: far-fetched names (Atlantis → Albania) are worse than none.
        let floor = max(Self.suggestionThreshold, bestSoFar - 0.15)
        let limit = Int((Double(length) * (1 - floor) + 1e-9).rounded(.down))
        guard candidate.letters.distanceBound(to: letters, limit: limit) <= limit,
          let distance = EditDistance.distance(query, text, limit: limit)
        else { return }
        let similarity = 1 - Double(distance) / Double(length)
        best[Int(candidate.country)] = max(best[Int(candidate.country)] ?? 0, similarity)
        bestSoFar = max(bestSoFar, similarity)
      }
    }
    guard let top = best.values.max() else { return [] }
    return best.filter { $0.value >= top - 0.15 }
      .sorted { ($0.value, $1.key) > ($1.value, $0.key) }
      .prefix(3).map { countries[$0.key] }
  }
}

extension CountryCatalog {
  /// Whether `text`, folded, is a country's common, official or alternative name, from the name
  /// index (no record decoded): where a list of names typed without quotes splits (`compare united
  /// kingdom egypt`).
  package func isCountryName(_ text: String) -> Bool {
    let key = TextFolding.foldedBytes(text)
    let signature = NameTable.signature(key)
    return index.primaryNames.withColumns { names in
      names.indices.contains { name in
        names.fields[name] <= .altSpelling && names.signatures[name] == signature && names.key(name).elementsEqual(key)
      }
    }
  }

  /// The most words a common, official or alternative name has.
  package var longestNameWords: Int {
    index.primaryNames.withColumns { names in
      names.indices.reduce(1) { longest, name in
        names.fields[name] <= .altSpelling ? max(longest, names.key(name).count { $0 == 0x20 } + 1) : longest
      }
    }
  }
}
