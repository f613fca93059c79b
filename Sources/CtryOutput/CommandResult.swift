import CountryModel

/// What a command returns; the renderer turns it into text in the chosen format.
package struct CommandResult: Sendable {
  package enum Output: Sendable {
    /// A list of countries: v3.1 objects in JSON, the table elsewhere (its plain columns alone in
    /// plain output); `empty` when there are none.
    case countries(CountrySelection, ListTable, empty: String)
    /// One country: its v3.1 object in JSON, the card elsewhere.
    case country(Country, Card)
    /// Labelled facts not about one country (`status`): an object in JSON.
    case card(Card)
    /// Cards side by side (`compare`): a column each for people, an object each in JSON, a row a
    /// fact in CSV (`SideBySide`).
    case sideBySide(SideBySide)
    /// Rows of values: an array of objects in JSON.
    case table(Table, empty: String)
    /// A short confirmation (`Added Germany to favorites (2/5).`).
    case message(String)
    /// Preformatted text printed as is in every format (`echo`, `set NAME`).
    case text(String)
    /// Text for people in table and plain formats, the table's rows for programs in JSON and CSV
    /// (`help`: the command list, or one command).
    case document(String, Table)
    /// Drawn at render time, for the width and format then known (`map`).
    case picture(any Picture)
    case none
    /// Leave the shell with this status.
    case exit(Int32)
  }

  package var output: Output
  /// Side remarks printed on stderr (`Egypt is already a favorite`).
  package var notes: [String]
  /// The line's exit status: 1 for a search that found nothing, as `grep` does.
  package var status: Int32
  /// Clear the screen first, when output is a terminal (`clear`).
  package var clearsScreen = false

  package init(_ output: Output, notes: [String] = [], status: Int32 = 0) {
    self.output = output
    self.notes = notes
    self.status = status
  }

  package static func message(_ text: String, notes: [String] = []) -> CommandResult {
    CommandResult(.message(text), notes: notes)
  }
}
