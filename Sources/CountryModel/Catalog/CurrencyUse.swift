/// A currency and the countries that use it.
public struct CurrencyUse: Sendable {
  public let code: String
  public let currency: Currency
  public let countries: [Country]
}
