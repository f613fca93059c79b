/// A currency and the positions of the countries that use it (`CountryCatalog.countries(at:)` reads them).
public struct CurrencyUse: Sendable, Equatable {
  public let code: String
  /// Its name and symbol as the first user in catalog order writes them (the first with a symbol).
  public let currency: Currency
  package let positions: [Int]

  public var userCount: Int { positions.count }

  package init(code: String, currency: Currency, positions: [Int]) {
    self.code = code
    self.currency = currency
    self.positions = positions
  }
}
