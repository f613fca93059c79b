import CountryModel
import CtryOutput

/// The declaration of the one fact that depends on the line's language, the name in it (`Facts.localName`):
/// its key in CSV and JSON and how a list and a card give it to programs.
struct LocalName: Sendable {
  let key: String
  let label: String

  var column: Table.Column { Table.Column(key, label) }

  /// The entry's name in `names`' language, else its English name.
  func cell(_ cca3: String, english: String, in names: LocalNames) -> Cell {
    .text(names.name(of: cca3, else: english))
  }

  /// A card's row of it for programs.
  func datum(_ cca3: String, english: String, in names: LocalNames) -> Card.Datum {
    Card.Datum(key, cell(cca3, english: english, in: names))
  }
}
