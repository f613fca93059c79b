import CountryModel

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
}
