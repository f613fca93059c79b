/// Cards side by side (`compare`), every format made from the one list of cards: for people a table
/// with a column for each card and a row for each label (plain output heads it with the cards' titles);
/// for programs each card's data: one JSON object a card, and in CSV one row a key with a column a
/// card, headed by the cards' names.
///
/// Every card holds the same fields in the same order. A field whose value is empty is shown as an
/// empty cell, and a row whose every value is empty is left out of the table; its data still goes to
/// programs (`compare`'s relations of a country to itself, which the table does not show).
package struct SideBySide: Sendable {
  /// A line printed above the table in the table format only.
  package var title: String?
  package var cards: [Card]

  package init(title: String? = nil, cards: [Card]) {
    self.title = title
    self.cards = cards
  }

  /// The labels of the table's rows, in the order of the cards' fields.
  package var labels: [String] {
    var order: [String] = []
    var seen = Set<String>()
    for card in cards {
      for field in card.fields where seen.insert(field.label).inserted { order.append(field.label) }
    }
    let shown = Set(cards.flatMap { $0.fields.filter { !$0.value.isEmpty }.map(\.label) })
    return order.filter(shown.contains)
  }

  /// The table people read; with `header`, its column titles are its first row (plain output).
  func table(header: Bool = false) -> Table {
    let values = cards.map { card in
      Dictionary(card.fields.map { ($0.label, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
    var rows = labels.map { label in [Cell.text(label)] + values.map { Cell.text($0[label] ?? "") } }
    if header { rows.insert([.text("")] + cards.map { .text($0.title) }, at: 0) }
    return Table(
      title: title, columns: [Table.Column("field", "")] + cards.map { Table.Column($0.name, $0.title) },
      rows: rows, wrapsCells: true)
  }

  /// CSV's rows: `field` and the cards' names, then each key with its value on each card.
  var csvRows: [[String]] {
    var keys: [String] = []
    var seen = Set<String>()
    for card in cards {
      for datum in card.programData where seen.insert(datum.key).inserted { keys.append(datum.key) }
    }
    let values = cards.map { card in
      Dictionary(card.programData.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
    return [["field"] + cards.map(\.name)] + keys.map { key in [key] + values.map { CellText.raw($0[key] ?? .empty) } }
  }
}
