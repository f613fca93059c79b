import CtrySystem
import FoundationEssentials

/// A place in degrees.
public struct GeoPoint: Sendable, Hashable {
  public var lon: Double
  public var lat: Double

  public init(lon: Double, lat: Double) {
    self.lon = lon
    self.lat = lat
  }

  /// A v3.1 `latlng` pair (`[lat, lon]`), when it holds two finite numbers in range.
  public init?(latlng: [Double]?) {
    guard let latlng, latlng.count == 2, latlng[0].isFinite, latlng[1].isFinite, abs(latlng[0]) <= 90,
      abs(latlng[1]) <= 180
    else { return nil }
    self.init(lon: latlng[1], lat: latlng[0])
  }
}

/// Country outlines for `map`: Natural Earth 1:110m rings by cca3, from `Resources/outlines.txt`
/// (made by `Scripts/make-outlines`). Only `map` loads them, never start-up.
public struct CountryOutlines: BundledResource {
  public static let fileName = "outlines.txt"
  /// Each country's rings (closed implicitly; filled with the even-odd rule), by cca3.
  public let rings: [String: [[GeoPoint]]]

  public init(rings: [String: [[GeoPoint]]]) {
    self.rings = rings
  }

  /// The rings of the country with this cca3, or nil when it is too small for the 1:110m set.
  public func outline(_ cca3: String) -> [[GeoPoint]]? {
    rings[cca3]
  }

  /// Parses the file format: `#` comment lines, then `CCA3 RING;RING…` with each ring
  /// space-separated `lon,lat` pairs in hundredths of a degree.
  public init(text: String, origin: String = CountryOutlines.fileName) throws(CtryError) {
    try self.init(bytes: Array(text.utf8), origin: origin)
  }

  /// The same, read as bytes in one pass: the file is ASCII, so nothing is split into Characters,
  /// slices or an array a point.
  package init(bytes: [UInt8], origin: String) throws(CtryError) {
    var rings: [String: [[GeoPoint]]] = [:]
    var lineStart = 0
    var number = 0
    while lineStart <= bytes.count {
      number += 1
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      defer { lineStart = lineEnd + 1 }
      guard lineEnd > lineStart, bytes[lineStart] != UInt8(ascii: "#") else { continue }
      let bad = CtryError(.data, "\(origin):\(number): not an outline line")
      guard let space = bytes[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: " ")) else { throw bad }
      let code = String(decoding: bytes[lineStart..<space], as: UTF8.self)
      guard code.count == 3 else { throw bad }
      var parsed: [[GeoPoint]] = []
      var points: [GeoPoint] = []
      // Rings are separated by `;`; an empty one (`;;`) is no ring, one of spaces only is a bad one.
      var ringStart = space + 1
      var index = space + 1
      while index <= lineEnd {
        if index == lineEnd || bytes[index] == UInt8(ascii: ";") {
          if index > ringStart {
            guard points.count >= 3 else { throw bad }
            parsed.append(points)
            points = []
          }
          index += 1
          ringStart = index
          continue
        }
        if bytes[index] == UInt8(ascii: " ") {
          index += 1
          continue
        }
        // One point, up to the next space or `;`: two numbers between commas (empty ones between
        // commas do not count, as `split` reads them).
        var end = index
        while end < lineEnd, bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: ";") { end += 1 }
        var lon: Int?
        var lat: Int?
        var part = index
        while part < end {
          guard bytes[part] != UInt8(ascii: ",") else {
            part += 1
            continue
          }
          var partEnd = part
          while partEnd < end, bytes[partEnd] != UInt8(ascii: ",") { partEnd += 1 }
          guard lat == nil, let value = Self.integer(bytes[part..<partEnd]) else { throw bad }
          if lon == nil { lon = value } else { lat = value }
          part = partEnd
        }
        guard let lon, let lat, abs(lon) <= 18_000, abs(lat) <= 9_000 else { throw bad }
        points.append(GeoPoint(lon: Double(lon) / 100, lat: Double(lat) / 100))
        index = end
      }
      rings[code, default: []] += parsed
    }
    guard !rings.isEmpty else { throw CtryError(.data, "\(origin): no outlines") }
    self.rings = rings
  }

  /// What `Int(String)` reads from these bytes (an optional sign, then decimal digits), or nil; more
  /// than nine digits is nil too, as no coordinate has them.
  package static func integer(_ bytes: ArraySlice<UInt8>) -> Int? {
    var digits = bytes
    var negative = false
    if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 9 else { return nil }
    var value = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return negative ? -value : value
  }

  package static let environmentKey = "CTRY_OUTLINES"
  package static let contents = "the map outlines"
  package static let loaded = once()
}
