import Glibc

/// The initial great-circle bearing between two places: the direction to set off in on the shortest
/// path, which turns as it goes (not a rhumb line, the constant compass course).
enum Bearing {
  /// Degrees clockwise from true north, in 0..<360, at `from` towards `to` on the great circle.
  static func degrees(from: Comparison.Place, to: Comparison.Place) -> Double {
    let radians = Double.pi / 180
    let (fromLatitude, toLatitude) = (from.latitude * radians, to.latitude * radians)
    let dLon = (to.longitude - from.longitude) * radians
    let y = sin(dLon) * cos(toLatitude)
    let x = cos(fromLatitude) * sin(toLatitude) - sin(fromLatitude) * cos(toLatitude) * cos(dLon)
    let degrees = atan2(y, x) / radians
    return degrees < 0 ? degrees + 360 : degrees
  }

  /// The 16 points of the compass, clockwise from north.
  static let points = [
    "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
  ]

  /// The whole degrees (0–359) and the nearest of the 16 compass points: `51° NE`.
  static func describe(_ degrees: Double) -> String {
    "\(whole(degrees))° \(points[Int((degrees / 22.5).rounded()) % points.count])"
  }

  /// `degrees` rounded to whole degrees (0–359), for programs.
  static func whole(_ degrees: Double) -> Int { Int(degrees.rounded()) % 360 }
}
