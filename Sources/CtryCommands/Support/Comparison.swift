import CountryModel
import CtryOutput
import FoundationEssentials
import Glibc

/// The facts `compare` derives from two countries: clock difference, land crossings, distance.
enum Comparison {
  /// A UTC offset in minutes from v3.1 `timezones` text: `UTC` → 0, `UTC+05:30` → 330, `UTC−03:00` → −180
  /// (a minus sign or a hyphen), hours 0–14 and minutes 0–59 in digits; anything else is nil. Read
  /// as bytes, making no String on the way.
  static func offsetMinutes(_ text: String) -> Int? {
    var rest = Substring(text.trimmingWhitespace()).utf8[...]
    guard rest.starts(with: "UTC".utf8) else { return nil }
    rest = rest.dropFirst(3)
    if rest.isEmpty { return 0 }
    let sign: Int
    if rest.first == UInt8(ascii: "+") {
      (sign, rest) = (1, rest.dropFirst())
    } else if rest.first == UInt8(ascii: "-") {
      (sign, rest) = (-1, rest.dropFirst())
    } else if rest.starts(with: "\u{2212}".utf8) {
      (sign, rest) = (-1, rest.dropFirst(3))
    } else {
      return nil
    }
    func number(_ digits: Substring.UTF8View.SubSequence) -> Int? {
      guard (1...2).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
      return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
    let colon = rest.firstIndex(of: UInt8(ascii: ":"))
    guard let hours = number(rest[..<(colon ?? rest.endIndex)]), hours <= 14 else { return nil }
    let minutes = colon.map { number(rest[rest.index(after: $0)...]) } ?? 0
    guard let minutes, minutes < 60 else { return nil }
    return sign * (hours * 60 + minutes)
  }

  /// The country's standard offsets, lowest first (empty when the data has none it can read).
  static func offsets(_ country: Country) -> [Int] {
    Array(Set((country.timezones ?? []).compactMap(offsetMinutes))).sorted()
  }

  /// How far the clocks of a country with offsets `to` are ahead of one with offsets `from`
  /// (`offsets(_:)`): one value when each has one zone, else the range over their zones.
  static func clockDifference(from: [Int], to: [Int]) -> ClosedRange<Int>? {
    guard let fromLow = from.first, let fromHigh = from.last, let toLow = to.first, let toHigh = to.last else {
      return nil
    }
    return (toLow - fromHigh)...(toHigh - fromLow)
  }

  /// `+7 h`, `−1 h 30 min`, `±0 h`; a range as `−2 to +9 h`.
  static func describe(_ difference: ClosedRange<Int>) -> String {
    if difference.lowerBound == difference.upperBound { return signed(difference.lowerBound) + " h" }
    return "\(signed(difference.lowerBound)) to \(signed(difference.upperBound)) h"
  }

  private static func signed(_ minutes: Int) -> String {
    let sign = minutes > 0 ? "+" : (minutes < 0 ? "\u{2212}" : "±")
    let hours = abs(minutes) / 60
    let rest = abs(minutes) % 60
    return rest == 0 ? "\(sign)\(hours)" : "\(sign)\(hours):\(rest < 10 ? "0" : "")\(rest)"
  }

  /// Hours as a number for programs (`5.5`).
  static func hours(_ minutes: Int) -> Double { Double(minutes) / 60 }

  /// `UTC+02:00`, or `UTC−10:00 … UTC+12:00 (9 zones)` for a country with more than three.
  static func zones(_ country: Country) -> String {
    let zones = country.timezones ?? []
    guard zones.count > 3, let first = zones.first, let last = zones.last else {
      return zones.joinedText(separator: ", ")
    }
    return "\(first) … \(last) (\(zones.count) zones)"
  }

  /// `neighbours`, `2 crossings`, `no land route`.
  static func describeCrossings(_ crossings: Int?) -> String {
    switch crossings {
    case nil: return "no land route"
    case 1?: return "neighbours"
    case let count?: return "\(count) crossings"
    }
  }

  /// Where a country is placed for distances: its capital, or its reference point when the data
  /// has no capital coordinates (`fromCentre`).
  struct Place {
    var latitude: Double
    var longitude: Double
    var fromCentre: Bool
  }

  static func place(_ country: Country) -> Place? {
    if let point = valid(country.capitalInfo?.latlng) {
      return Place(latitude: point.0, longitude: point.1, fromCentre: false)
    }
    if let point = valid(country.latlng) { return Place(latitude: point.0, longitude: point.1, fromCentre: true) }
    return nil
  }

  private static func valid(_ pair: [Double]?) -> (Double, Double)? {
    guard let pair, pair.count == 2, (-90...90).contains(pair[0]), (-180...180).contains(pair[1]) else { return nil }
    return (pair[0], pair[1])
  }

  /// Great-circle distance in km (haversine, mean Earth radius 6,371 km).
  static func kilometres(_ a: Place, _ b: Place) -> Double {
    let radians = Double.pi / 180
    let dLat = (b.latitude - a.latitude) * radians
    let dLon = (b.longitude - a.longitude) * radians
    let h =
      sin(dLat / 2) * sin(dLat / 2)
      + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * 6371 * asin(min(1, sqrt(h)))
  }

  /// People per km², or nil without both figures.
  static func density(_ country: Country) -> Double? {
    guard let population = country.population, let area = country.area, area > 0 else { return nil }
    return Double(population) / area
  }

  /// `104 /km²`; one decimal below 10.
  static func describeDensity(_ density: Double) -> String {
    let rounded = density < 10 ? (density * 10).rounded() / 10 : density.rounded()
    return NumberFormat.grouped(rounded) + " /km²"
  }
}
