import CountryModel

/// The bundled data's corrected facts, laid over a server's records on every refresh (v3.1, v2, v5):
/// the facts the dataset holds by hand, with their sources, which a server gives without them or
/// otherwise (Greenland without its sovereign state, Kosovo as a plain sovereign state, Russia with
/// fewer time zones, memberships v3.1 lacks, figures without their year).
///
/// The contract: a server's record keeps everything but `fields`; each of those is taken from the
/// bundled record of the same `cca3` as its `Field` says. A country the bundled data lacks is the
/// server's alone; the bundled data adds no country. `details --live` lays the record of the data in
/// use over the server's answer the same way.
public enum BundledOverlay {
  /// The facts taken from the bundled record: one line each.
  static let fields: [Field] = [
    // Sovereignty: the bundled data states it for every country (absent is "none": no `parent`, not
    // `disputed`), from the laws and treaties in `Scripts/dataset/corrections.py`.
    .replaced(\.independent), .replaced(\.status), .replaced(\.unMember), .replaced(\.parent),
    .replaced(\.dependencyType), .replaced(\.disputed),
    .capitalsWithRoles,
    .stated(\.timezones),
    // The tz database's zones: ctry's own key, which no server has.
    .replaced(\.zones),
    // A figure goes with its year (and source): the server's has neither.
    .replaced(\.population), .replaced(\.populationYear), .replaced(\.populationSource),
    .replaced(\.gdpPerCapitaPPP), .replaced(\.lifeExpectancy), .replaced(\.medianAge),
    // v5 may know more organisations, or more members, than the bundled table: never fewer.
    .united(\.memberships),
  ]

  /// How one fact is taken from the bundled record.
  struct Field: Sendable {
    let apply: @Sendable (inout Country, Country) -> Void

    /// The bundled value, absent included: the bundled data states it for every country.
    static func replaced<Value>(_ path: WritableKeyPath<Country, Value?> & Sendable) -> Field {
      Field { live, bundled in live[keyPath: path] = bundled[keyPath: path] }
    }

    /// The bundled value where the bundled record has one; the server's elsewhere.
    static func stated<Value>(_ path: WritableKeyPath<Country, Value?> & Sendable) -> Field {
      Field { live, bundled in
        if let value = bundled[keyPath: path] { live[keyPath: path] = value }
      }
    }

    /// Capitals with their roles (Bolivia's two), where the bundled record has them: the roles and
    /// the names together, so that a search by capital finds each one the card names.
    static let capitalsWithRoles = Field { live, bundled in
      guard let roles = bundled.capitalRoles else { return }
      live.capitalRoles = roles
      if let capital = bundled.capital { live.capital = capital }
    }

    /// Every membership either names, a `true` of either kept: the server's record may add
    /// organisations and members, and take none away.
    static func united(_ path: WritableKeyPath<Country, [String: Bool]?> & Sendable) -> Field {
      Field { live, bundled in
        guard let held = bundled[keyPath: path] else { return }
        var merged = live[keyPath: path] ?? [:]
        for (organisation, member) in held where member || merged[organisation] == nil {
          merged[organisation] = member
        }
        live[keyPath: path] = merged
      }
    }
  }

  /// `live` with each of `fields` taken from the record of `bundled` with the same `cca3`.
  static func applied(to live: [Country], from bundled: [Country]) -> [Country] {
    let byCode = Dictionary(bundled.map { ($0.cca3.uppercased(), $0) }) { first, _ in first }
    return live.map { country in byCode[country.cca3.uppercased()].map { applied(to: country, from: $0) } ?? country }
  }

  /// `live` with each of `fields` taken from `corrected`, the same country's record in corrected data.
  public static func applied(to live: Country, from corrected: Country) -> Country {
    var out = live
    for field in fields { field.apply(&out, corrected) }
    return out
  }
}
