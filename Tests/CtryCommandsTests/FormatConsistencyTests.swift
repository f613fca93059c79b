import CtryCommands
import CtryGrammar
import CtryOutput
import CtryTestSupport
import Foundation
import Testing

/// Every format of a command's answer carries the same facts. For each example of every registered
/// command, its result is rendered as a table, plain text, CSV and JSON, and each label the table shows
/// (a column's title, a card's field, a row of countries side by side) has its machine fields in CSV and
/// in JSON under the same names; plain output shows nothing that programs do not get. The labels and their fields are read from the result the renderer gets
/// (`Table.Column` keys, `Card.Field.data`), never from a list kept here.
@Suite struct FormatConsistencyTests {
  static let names = BuiltinCommands.all.map(\.spec.name)

  @Test(arguments: names)
  func everyLabelHasItsMachineFields(_ name: String) async throws {
    let shell = TestShell()
    let command = try #require(shell.engine.context.registry.command(named: name))
    for example in command.spec.examples where !example.needsServer {
      for (file, contents) in example.files {
        try contents.write(toFile: "\(shell.directory)/\(file)", atomically: true, encoding: .utf8)
      }
      let words = try Tokenizer.tokenize(example.command)
      guard let first = words.first, let target = shell.engine.context.registry.command(named: first) else { continue }
      guard let (arguments, _) = try? ArgumentBinder.bind(Array(words.dropFirst()), to: target.spec),
        let result = try? await target.run(arguments, in: shell.engine.context)
      else { continue }
      try await check(result.output, of: example.command, in: shell)
    }
  }

  /// Lists whose countries lack a fact a column shows (Macau and Antarctica have no capital) and
  /// columns the records hold but the index does not.
  @Test(arguments: [
    "search --sort density --limit 3", "search antarctica --columns name,capital,density,landlocked",
  ])
  func listsWithGapsCarryEveryFact(_ line: String) async throws {
    let shell = TestShell()
    let words = try Tokenizer.tokenize(line)
    let search = try #require(shell.engine.context.registry.command(named: "search"))
    let (arguments, _) = try ArgumentBinder.bind(Array(words.dropFirst()), to: search.spec)
    try await check(try await search.run(arguments, in: shell.engine.context).output, of: line, in: shell)
  }

  private func render(_ output: CommandResult.Output, as format: OutputFormat) -> String {
    Renderer(format: format, color: false, width: nil).text(output)
  }

  private func check(_ output: CommandResult.Output, of line: String, in shell: TestShell) async throws {
    let table = render(output, as: .table)
    let plain = render(output, as: .plain)
    let csv = Self.csv(render(output, as: .csv))
    var json: Any {
      get throws { try JSONSerialization.jsonObject(with: Data(render(output, as: .json).utf8)) }
    }
    switch output {
    case .table(let shown, _):
      guard !shown.rows.isEmpty else { return }
      // A table of records: each column's key heads a CSV column and is a member of each JSON object.
      let objects = try #require(json as? [[String: Any]], "\(line): JSON is one object a row")
      let header = csv.first ?? []
      for column in shown.columns {
        #expect(table.contains(column.title), "\(line): the table shows \(column.title)")
        #expect(header.contains(column.key), "\(line): CSV has a column \(column.key) for '\(column.title)'")
        for object in objects {
          #expect(object.keys.contains(column.key), "\(line): JSON has \(column.key) for '\(column.title)'")
        }
      }
    case .countries(let selection, let list, _):
      guard !selection.isEmpty else { return }
      let objects = try #require(json as? [[String: Any]], "\(line): JSON is one object a country")
      let header = csv.first ?? []
      let full = list.full
      for (position, column) in full.columns.enumerated() {
        #expect(header.contains(column.key), "\(line): CSV has a column \(column.key) for '\(column.title)'")
        // A v3.1 object leaves out a member it has no value for (a country without a capital).
        for (object, row) in zip(objects, full.rows) where position < row.count && row[position] != .empty {
          #expect(object.keys.contains(column.key), "\(line): JSON has \(column.key) for '\(column.title)'")
        }
      }
    case .country(let country, let card):
      let object = try #require(json as? [String: Any], "\(line): JSON is the country's object")
      let keys = Set(csv.dropFirst().compactMap(\.first))
      // The country's record holds the facts of its `details` card, under their v3.1 names; what else
      // the card shows (how it was dealt, why it is home) JSON adds under the card's names.
      let details = try #require(shell.engine.context.registry.command(named: "details"))
      let (arguments, _) = try ArgumentBinder.bind([country.cca3], to: details.spec)
      guard case .country(_, let recordCard) = try await details.run(arguments, in: shell.engine.context).output else {
        Issue.record("details \(country.cca3) gives a country")
        return
      }
      let recordKeys = Set(recordCard.programData.map(\.key))
      for field in card.fields {
        #expect(table.contains(field.label), "\(line): the table shows \(field.label)")
        for datum in field.programData {
          #expect(keys.contains(datum.key), "\(line): CSV has \(datum.key) for '\(field.label)'")
          guard !recordKeys.contains(datum.key) else { continue }
          let member = Self.member(datum.key, of: object)
          #expect(member != nil, "\(line): JSON has \(datum.key) for '\(field.label)'")
          if datum.value != .empty { #expect(!(member is NSNull), "\(line): JSON's \(datum.key) has a value") }
        }
      }
    case .card(let card):
      let object = try #require(json as? [String: Any], "\(line): JSON is one object")
      let csvKeys = csv.dropFirst().compactMap(\.first)
      let jsonKeys = Self.paths(of: object)
      #expect(Set(csvKeys) == Set(jsonKeys), "\(line): CSV and JSON give the same fields")
      for field in card.fields {
        #expect(table.contains(field.label), "\(line): the table shows \(field.label)")
        for datum in field.programData {
          #expect(csvKeys.contains(datum.key), "\(line): CSV has \(datum.key) for '\(field.label)'")
          #expect(jsonKeys.contains(datum.key), "\(line): JSON has \(datum.key) for '\(field.label)'")
        }
      }
      // Plain output is the fields' `Label: value` lines, and a title only when programs get it too.
      let values = Set(csv.dropFirst().compactMap { $0.count > 1 ? $0[1] : nil })
      for printed in plain.split(separator: "\n").map(String.init)
      where !card.fields.contains(where: { printed.hasPrefix($0.label + ":") }) {
        #expect(values.contains(printed), "\(line): plain prints '\(printed)', which CSV and JSON do not give")
      }
    case .sideBySide(let cards):
      // A column a card: plain and CSV name each card in their first row; each row's label has its
      // keys in CSV's first column and in each card's JSON object.
      let objects = try #require(json as? [[String: Any]], "\(line): JSON is one object a card")
      #expect(objects.count == cards.cards.count)
      #expect(csv.first == ["field"] + cards.cards.map(\.name), "\(line): CSV's header names each card")
      let titles = plain.split(separator: "\n").first.map { $0.split(separator: "\t").map(String.init) }
      #expect(titles == cards.cards.map(\.title), "\(line): plain's first line names each card")
      let keys = Set(csv.dropFirst().compactMap(\.first))
      for label in cards.labels {
        #expect(table.contains(label), "\(line): the table shows \(label)")
        for (card, object) in zip(cards.cards, objects) {
          let field = try #require(card.fields.first { $0.label == label }, "\(line): \(card.title) has \(label)")
          for datum in field.programData {
            #expect(keys.contains(datum.key), "\(line): CSV has \(datum.key) for '\(label)'")
            #expect(object.keys.contains(datum.key), "\(line): JSON has \(datum.key) for '\(label)'")
          }
        }
      }
    default:
      return
    }
  }

  /// The member at a dotted key (`home.source`) of a JSON object, if it has one.
  private static func member(_ key: String, of object: [String: Any]) -> Any? {
    var current: Any? = object
    for part in key.split(separator: ".") { current = (current as? [String: Any])?[String(part)] }
    return current
  }

  /// Every member's dotted key, objects opened.
  private static func paths(of object: [String: Any], prefix: String = "") -> [String] {
    object.flatMap { key, value in
      (value as? [String: Any]).map { paths(of: $0, prefix: prefix + key + ".") } ?? [prefix + key]
    }
  }

  /// RFC 4180 rows: quoted fields may hold commas, quotes (doubled) and line breaks.
  static func csv(_ text: String) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var characters = text.makeIterator()
    var pending: Character?
    while let character = pending ?? characters.next() {
      pending = nil
      if quoted {
        if character == "\"" {
          let next = characters.next()
          if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
        } else {
          field.append(character)
        }
        continue
      }
      switch character {
      case "\"": quoted = true
      case ",": row.append(field); field = ""
      case "\r\n", "\n":
        row.append(field)
        rows.append(row)
        (row, field) = ([], "")
      default: field.append(character)
      }
    }
    if !field.isEmpty || !row.isEmpty { rows.append(row + [field]) }
    return rows
  }
}
