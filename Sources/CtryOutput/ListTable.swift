/// A country list's table, made when the output is rendered and only as far as its format shows it.
///
/// Plain output prints a list's names (`borders --depth` adds the crossings), so it asks for those
/// alone: a search's explanations, and the capitals, regions and populations read from the index,
/// are made only for the table, CSV and JSON. The command gives one closure for both; the plain
/// table is made apart from the full one (`CountryTable.plain`), and `CountryTableTests` holds the
/// two to the same countries in the same order.
package struct ListTable: Sendable {
  private let make: @Sendable (_ plain: Bool) -> Table

  /// `make(plain)`: the full table, or when `plain` is true one with the plain columns only.
  package init(_ make: @escaping @Sendable (_ plain: Bool) -> Table) {
    self.make = make
  }

  /// Every column: for the table, CSV and JSON.
  package var full: Table { make(false) }

  /// The plain format's columns alone, every one of them printed.
  package var plain: Table { make(true) }
}
