import CountryModel
import CtryOutput

extension HomeSource {
  /// What decided the home country, as `home` and `status` say it.
  var words: String {
    switch self {
    case .saved: return "saved with 'home COUNTRY'"
    case .timeZone(let zone): return "time zone \(zone)"
    case .locale(let locale): return "locale \(locale)"
    case .fallback: return "default: nothing on this machine names a country"
    }
  }

  /// What decided the home country for programs, as `home` and `status` give it: `home.source` (a
  /// keyword) and the setting it was read from.
  var data: [Card.Datum] {
    switch self {
    case .saved: return [.init("home.source", .text("saved"))]
    case .timeZone(let zone): return [.init("home.source", .text("time_zone")), .init("home.time_zone", .text(zone))]
    case .locale(let locale): return [.init("home.source", .text("locale")), .init("home.locale", .text(locale))]
    case .fallback: return [.init("home.source", .text("default"))]
    }
  }
}
