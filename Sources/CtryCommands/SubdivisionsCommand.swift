import CountryModel
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `subdivisions COUNTRY [--kind KIND]` — a country's ISO 3166-2 subdivisions: states, provinces, …
package struct SubdivisionsCommand: Command {
  package init() {}

  package struct Flags: FlagGroup {
    package init() {}

    let kind = FlagKey<String>.option(
      "kind", .subdivisionKind, valueName: "KIND", "only the subdivisions of that kind (province, state, …)")
  }

  package let spec = CommandSpec(
    name: "subdivisions",
    aliases: ["states", "provinces"],
    summary: "List a country's states, provinces and other ISO 3166-2 subdivisions",
    discussion: """
      Subdivisions are ISO 3166-2's (as pycountry ships Debian's iso-codes), with CLDR's English \
      names; where iso-codes writes another name (Bayern for Bavaria), it is the Other name column. \
      KIND is what ISO 3166-2 calls them in that country (province, state, region, …). A \
      subdivision's name also finds its country wherever a country is asked for: details Hawaii \
      shows the United States, with a note. JSON is an array with one object per subdivision.
      """,
    positionals: [Positional("COUNTRY", .country, "a country name or code", joinsWords: true)],
    flags: Flags.self,
    examples: [
      Example("subdivisions Canada", "Canada's 13 provinces and territories"),
      Example("subdivisions Canada --kind province --format plain", "one province a line"),
      Example("subdivisions Spain --kind \"autonomous community\" --json", "one object per subdivision"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = await context.catalog
    let (country, notes) = try catalog.lookUp(arguments.positional(0) ?? "", names: context.names)
    let all = try Subdivisions.bundled().of(country.cca2)
    guard !all.isEmpty else {
      throw CtryError.notFound("\(country.name.common) has no subdivisions in ISO 3166-2")
    }
    var chosen = all
    var kindTitle = "subdivisions"
    if let wanted = arguments[flags.kind] {
      var kinds: [String] = []
      for subdivision in all where !kinds.contains(subdivision.kind) { kinds.append(subdivision.kind) }
      let kind = try FacetCheck.canonical(wanted, among: kinds, flag: "kind")
      chosen = all.filter { $0.kind == kind }
      kindTitle = "subdivisions of kind \(kind)"
    }
    let table = Table(
      title: "\(country.flagEmoji) \(country.name.common): \(chosen.count) \(kindTitle)",
      columns: [
        .init("code", "Code"), .init("name", "Name"), .init("kind", "Kind"), .init("parent", "Parent"),
        .init("otherName", "Other name"),
      ],
      rows: chosen.map {
        [
          .text($0.code), .text($0.name), .text($0.kind), $0.parent.map { .text($0) } ?? .empty,
          $0.otherName.map { .text($0) } ?? .empty,
        ]
      })
    return CommandResult(.table(table, empty: "\(country.name.common) has no such subdivisions."), notes: notes)
  }
}
