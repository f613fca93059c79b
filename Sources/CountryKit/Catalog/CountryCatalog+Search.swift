import Foundation

extension CountryCatalog {
  /// Countries whose names, translations or capitals match `text`, best first.
  ///
  /// Case and diacritics are ignored. Ranks: exact, prefix, word prefix, substring; typo-tolerant
  /// matches (`germny` → Germany) are offered only when nothing matches better.
  public func search(_ text: String) -> [SearchHit] {
    let query = TextFolding.fold(text)
    guard !query.isEmpty else {
      return countries.map { SearchHit(country: $0, rank: .exact, field: .common) }
    }
    var best: [Int: (rank: MatchRank, field: NameField)] = [:]
    for entry in names {
      guard let rank = MatchRank.of(query, in: entry.key) else { continue }
      if let current = best[entry.country], (current.rank, current.field) <= (rank, entry.field) { continue }
      best[entry.country] = (rank, entry.field)
    }
    if best.isEmpty {
      for (index, _) in typoMatches(query) { best[index] = (.typo, .common) }
    }
    return best.sorted { lhs, rhs in
      if lhs.value.rank != rhs.value.rank { return lhs.value.rank < rhs.value.rank }
      if lhs.value.field != rhs.value.field { return lhs.value.field < rhs.value.field }
      return lhs.key < rhs.key
    }.map { SearchHit(country: countries[$0.key], rank: $0.value.rank, field: $0.value.field) }
  }

  /// Countries within a small edit distance of `query` on their English names or name words.
  func typoMatches(_ query: String) -> [(Int, Int)] {
    let limit = query.count <= 3 ? 0 : (query.count <= 6 ? 1 : 2)
    guard limit > 0 else { return [] }
    var found: [Int: Int] = [:]
    for entry in names where entry.field <= .altSpelling || entry.field == .capital {
      var candidates = [entry.key]
      if entry.key.contains(" ") { candidates += TextFolding.words(entry.key).map(String.init) }
      for candidate in candidates {
        if let distance = EditDistance.distance(query, candidate, limit: limit) {
          found[entry.country] = min(found[entry.country] ?? .max, distance)
        }
      }
    }
    return found.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map { ($0.key, $0.value) }
  }

  /// Turns a name or code into one country, or says why it can't.
  ///
  /// Codes (cca2, cca3, ccn3, cioc) win; then exact names (common name first); then a unique prefix of
  /// a common, official or alternative name; then a unique search hit. Several equally good matches
  /// are `.ambiguous`; nothing is `.notFound` with close names to suggest.
  public func resolve(_ text: String) -> Resolution {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if (2...3).contains(trimmed.count), let country = country(code: trimmed) { return .found(country) }
    let query = TextFolding.fold(trimmed)
    guard !query.isEmpty else { return .notFound(suggestions: []) }

    for fields in [[NameField.common], [.official, .altSpelling], [.native, .translation], [.capital]] {
      let exact = matching(query, fields: fields) { $0 == query }
      if exact.count == 1 { return .found(countries[exact[0]]) }
      if exact.count > 1 { return .ambiguous(exact.map { countries[$0] }) }
    }
    for fields in [[NameField.common], [.official, .altSpelling]] {
      let prefixed = matching(query, fields: fields) { $0.hasPrefix(query) }
      if prefixed.count == 1 { return .found(countries[prefixed[0]]) }
      if prefixed.count > 1 { return .ambiguous(prefixed.map { countries[$0] }) }
    }
    let hits = search(trimmed)
    if let first = hits.first, first.rank != .typo {
      let top = hits.filter { $0.rank == first.rank }
      return top.count == 1 ? .found(first.country) : .ambiguous(top.map(\.country))
    }
    return .notFound(suggestions: suggestions(for: query))
  }

  /// Resolves `text` or throws the error a person should see (`unknown country 'X' — did you mean …`).
  public func require(_ text: String) throws(CtryError) -> Country {
    switch resolve(text) {
    case .found(let country):
      return country
    case .ambiguous(let candidates):
      let names = candidates.prefix(8).map(\.name.common).joined(separator: ", ")
      let more = candidates.count > 8 ? ", …" : ""
      throw CtryError.notFound(
        "'\(text)' matches \(candidates.count) countries: \(names)\(more)", hint: "be more specific")
    case .notFound(let suggestions):
      throw CtryError.notFound(
        "unknown country '\(text)'",
        hint: suggestions.isEmpty
          ? "try 'search \(text)'"
          : "did you mean " + suggestions.map { "'\($0.name.common)'" }.joined(separator: " or ") + "?")
    }
  }

  private func matching(_ query: String, fields: [NameField], _ predicate: (String) -> Bool) -> [Int] {
    var seen = Set<Int>()
    var result: [Int] = []
    for entry in names where fields.contains(entry.field) && predicate(entry.key) {
      if seen.insert(entry.country).inserted { result.append(entry.country) }
    }
    return result.sorted()
  }

  /// Up to three countries whose English names look like `query`: typo matches first, else the
  /// names nearest in edit distance relative to their length (similarity at least 0.5, and close
  /// to the best), so `swizerland` suggests Switzerland and nonsense suggests nothing odd.
  func suggestions(for query: String) -> [Country] {
    let typos = typoMatches(query).prefix(3).map { countries[$0.0] }
    if !typos.isEmpty { return Array(typos) }
    var best: [Int: Double] = [:]
    for entry in names where entry.field <= .altSpelling && entry.key.count > 3 {
      let length = max(query.count, entry.key.count)
      let limit = length / 2
      guard let distance = EditDistance.distance(query, entry.key, limit: limit) else { continue }
      let similarity = 1 - Double(distance) / Double(length)
      best[entry.country] = max(best[entry.country] ?? 0, similarity)
    }
    guard let top = best.values.max() else { return [] }
    return best.filter { $0.value >= top - 0.15 }
      .sorted { ($0.value, $1.key) > ($1.value, $0.key) }
      .prefix(3).map { countries[$0.key] }
  }
}
