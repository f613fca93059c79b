/// What a positional argument or flag value is, so help, validation and completion know what to offer.
package enum ValueKind: Sendable, Equatable {
  case text
  case integer
  case country
  case region
  case subregion
  case language
  /// A language country names can be shown in (`--lang fr`): English or a language of names.tsv.
  case nameLanguage
  case currency
  /// A currency code or name, or a country (`currencies QUERY`).
  case currencyOrCountry
  case demonym
  /// What ISO 3166-2 calls a subdivision (`province`, `state`), from the subdivision table.
  case subdivisionKind
  /// A `.ctry` script: completion offers `.ctry` files and the directories on the way to them.
  case script
  /// A directory (`--data-dir DIR`).
  case directory
  case command
  /// One of a fixed set of words (`--sort name|population|area`).
  case choice([String])
  /// Some of a fixed set of words, comma-separated (`--columns name,area`).
  case list([String])
  /// Words completion offers, though others are accepted too (`set NAME`: settings or variables).
  case suggested([String])
  /// One of the user's favorite countries (`favorites remove COUNTRY`).
  case favorite
}
