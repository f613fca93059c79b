import CountryKit
import CountryModel
import CountryStorage
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `favorites [list] | add COUNTRY… | remove COUNTRY [--yes] | clear [--yes]` — at most five.
package struct FavoritesCommand: Command {
  package init() {}

  static let actions = ["list", "add", "remove", "clear"]

  package struct Flags: FlagGroup {
    package init() {}

    let yes = FlagKey<Bool>.switch("yes", "remove or clear without asking")
  }

  package let spec = CommandSpec(
    name: "favorites",
    aliases: ["fav", "favs"],
    summary: "Keep up to \(FavoritesStore.limit) favorite countries: list, add, remove, clear",
    discussion: """
      Favorites are kept in state.sqlite in ctry's data directory. Adding past \(FavoritesStore.limit) is \
      refused and changes nothing. remove and clear ask for confirmation on a terminal and need --yes elsewhere.
      With no favorites, the list is empty and names your home country.
      """,
    positionals: [
      Positional("ACTION", .choice(actions), "list (default), add, remove or clear", optional: true),
      Positional(
        "COUNTRY", .country, "countries to add, or the one to remove", optional: true, variadic: true,
        kindAfter: ["remove": .favorite]),
    ],
    flags: Flags.self,
    examples: [
      Example("favorites add Egypt Japan 'New Zealand'", "add three favorites"),
      Example("favorites", "list them"),
      Example("favorites remove Japan --yes", "remove one without being asked"),
      Example("favorites clear --yes", "remove them all"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let action = arguments.positional(0) ?? "list"
    let countries = Array(arguments.positionals.dropFirst())
    let yes = arguments[flags.yes]
    let result: CommandResult
    switch action {
    case "add":
      result = try await add(countries, context)
    case "remove":
      result = try await remove(countries, yes: yes, context)
    case "clear":
      guard countries.isEmpty else {
        throw CtryError.usage("favorites clear takes no countries", hint: "use 'favorites remove COUNTRY'")
      }
      result = try await clear(yes: yes, context)
    default:
      guard countries.isEmpty else {
        throw CtryError.usage(
          "favorites list takes no countries", hint: "did you mean 'favorites add \(countries.joined(separator: " "))'?"
        )
      }
      result = try await list(context)
    }
    var withWarnings = result
    withWarnings.notes = context.favorites.drainWarnings() + result.notes
    return withWarnings
  }

  private func list(_ context: CommandContext) async throws -> CommandResult {
    let catalog = await context.catalog
    let codes = try context.favorites.list()
    if codes.isEmpty {
      // An empty list: `[]` in JSON, nothing in plain and CSV; the line naming the home country is
      // the table's, and goes to stderr in the data formats.
      let home = context.home.current(in: catalog)
      let line =
        "No favorites yet"
        + (home.map { "; your home country is \($0.country.flagEmoji) \($0.country.name.common)" } ?? "")
        + ". Add some with 'favorites add COUNTRY'."
      return CountryTable.result(positions: [], in: catalog, empty: line, notes: home?.warning.map { [$0] } ?? [])
    }
    // A favorite a refresh dropped stays one: it counts, is named in a note, and can be removed.
    let positions = codes.compactMap { catalog.position(cca3: $0) }
    let notes = codes.filter { catalog.position(cca3: $0) == nil }.map {
      "\($0), a favorite, is not in the current data: 'favorites remove \($0)' removes it"
    }
    return CountryTable.result(
      positions: positions, in: catalog, title: "Favorites (\(codes.count)/\(FavoritesStore.limit))",
      empty: "None of your favorites is in the current data.", notes: notes)
  }

  private func add(_ words: [String], _ context: CommandContext) async throws -> CommandResult {
    guard !words.isEmpty else {
      throw CtryError.usage("favorites add needs at least one COUNTRY", hint: "e.g. favorites add Egypt")
    }
    let catalog = await context.catalog
    let (countries, readNotes) = try Self.resolveAll(
      words, in: catalog, names: context.names, command: "favorites add",
      hint: "you can keep \(FavoritesStore.limit) favorites; name them one line at a time")
    // Ctrl-C while resolving: nothing is saved.
    if Task.isCancelled { throw CtryError(.cancelled, "^C cancelled") }
    let (added, duplicates) = try context.favorites.add(countries.map(\.cca3))
    let name = { (code: String) in catalog.country(cca3: code)?.name.common ?? code }
    let notes = readNotes + duplicates.map { "\(name($0)) is already a favorite" }
    let total = try context.favorites.list().count
    guard !added.isEmpty else { return .message("Nothing added (\(total)/\(FavoritesStore.limit)).", notes: notes) }
    return .message(
      "Added \(added.map(name).joined(separator: ", ")) (\(total)/\(FavoritesStore.limit)).", notes: notes)
  }

  private func remove(_ words: [String], yes: Bool, _ context: CommandContext) async throws -> CommandResult {
    guard !words.isEmpty else {
      throw CtryError.usage("favorites remove needs a COUNTRY", hint: "see 'favorites list'")
    }
    let favorites = try context.favorites.list()
    let catalog = await context.catalog
    let typed = words.joined(separator: " ")
    // A favorite the current data no longer has is removed by its code.
    if favorites.contains(typed.uppercased()), catalog.position(cca3: typed.uppercased()) == nil {
      let code = typed.uppercased()
      try await context.confirm("Remove \(code) from favorites?", yes: yes, command: "favorites remove")
      try context.favorites.remove(code)
      return .message("Removed \(code) (\(try context.favorites.list().count)/\(FavoritesStore.limit)).")
    }
    let (country, readNotes) = try catalog.lookUp(typed, names: context.names)
    guard favorites.contains(country.cca3) else {
      throw CtryError.notFound("\(country.name.common) is not among your favorites", hint: "see 'favorites list'")
    }
    try await context.confirm("Remove \(country.name.common) from favorites?", yes: yes, command: "favorites remove")
    try context.favorites.remove(country.cca3)
    let total = try context.favorites.list().count
    return .message("Removed \(country.name.common) (\(total)/\(FavoritesStore.limit)).", notes: readNotes)
  }

  private func clear(yes: Bool, _ context: CommandContext) async throws -> CommandResult {
    let count = try context.favorites.list().count
    guard count > 0 else { return .message("No favorites to clear.") }
    try await context.confirm("Remove all \(count) favorites?", yes: yes, command: "favorites clear")
    try context.favorites.clear()
    return .message("Cleared \(count) favorite\(count == 1 ? "" : "s").")
  }

  /// At most this many words in one `favorites add`: a line's worth of names.
  static let maximumWords = 64

  /// Resolves each word as a country, joining neighbouring words when that names one, so
  /// `favorites add new zealand egypt` means New Zealand and Egypt. Any failure changes nothing.
  ///
  /// Linear in the number of words: a joined span is at most as long as the longest name, and only a
  /// span that is exactly a name is resolved. Stops with `.cancelled` when the task is cancelled.
  /// Returns the countries with the notes of how any of them was read (`CountryCatalog.lookUp`);
  /// `command` and `hint` word the limit on words.
  static func resolveAll(
    _ words: [String], in catalog: CountryCatalog, names: LocalNames?, command: String, hint: String
  ) throws(CtryError) -> (countries: [Country], notes: [String]) {
    guard words.count <= maximumWords else {
      throw CtryError.usage("\(command) takes at most \(maximumWords) words at once, got \(words.count)", hint: hint)
    }
    let longest = catalog.longestNameWords
    var result: [Country] = []
    var notes: [String] = []
    var start = 0
    while start < words.count {
      if Task.isCancelled { throw CtryError(.cancelled, "^C cancelled") }
      var matched: (Country, Int)?
      var end = min(words.count, start + longest)
      while end > start + 1 {
        let text = words[start..<end].joined(separator: " ")
        if catalog.isCountryName(text), case .found(let country, _) = catalog.resolve(text), country.isNamed(text) {
          matched = (country, end)
          break
        }
        if let country = catalog.localCountry(text, names) {
          matched = (country, end)
          break
        }
        end -= 1
      }
      if let (country, next) = matched {
        result.append(country)
        start = next
      } else {
        let (country, read) = try catalog.lookUp(words[start], names: names)
        result.append(country)
        notes += read
        start += 1
      }
    }
    return (result, notes)
  }
}
