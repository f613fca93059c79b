import CountryModel
import FoundationEssentials
import Glibc

/// A longitude/latitude rectangle.
struct GeoBox: Equatable {
  var minLon, maxLon, minLat, maxLat: Double

  init(minLon: Double, maxLon: Double, minLat: Double, maxLat: Double) {
    self.minLon = minLon
    self.maxLon = maxLon
    self.minLat = minLat
    self.maxLat = maxLat
  }

  init(around points: [GeoPoint]) {
    self.init(minLon: .infinity, maxLon: -.infinity, minLat: .infinity, maxLat: -.infinity)
    for point in points {
      minLon = min(minLon, point.lon)
      maxLon = max(maxLon, point.lon)
      minLat = min(minLat, point.lat)
      maxLat = max(maxLat, point.lat)
    }
  }

  var width: Double { maxLon - minLon }
  var height: Double { maxLat - minLat }
  var centerLon: Double { (minLon + maxLon) / 2 }
  var centerLat: Double { (minLat + maxLat) / 2 }

  func union(_ other: GeoBox) -> GeoBox {
    GeoBox(
      minLon: min(minLon, other.minLon), maxLon: max(maxLon, other.maxLon), minLat: min(minLat, other.minLat),
      maxLat: max(maxLat, other.maxLat))
  }

  /// The larger of the longitude and latitude gaps between the boxes (0 when they overlap).
  func gap(to other: GeoBox) -> Double {
    let lon = max(0, max(other.minLon - maxLon, minLon - other.maxLon))
    let lat = max(0, max(other.minLat - maxLat, minLat - other.maxLat))
    return max(lon, lat)
  }

  func intersects(_ other: GeoBox) -> Bool {
    minLon <= other.maxLon && other.minLon <= maxLon && minLat <= other.maxLat && other.minLat <= maxLat
  }
}

/// Ring arithmetic in degrees.
enum Rings {
  /// The ring moved by whole turns so that its middle longitude is nearest `longitude`: Natural Earth
  /// cuts rings at the antimeridian, and this puts Chukotka beside Russia and the Aleutians beside
  /// Alaska instead of across the world.
  static func unwrapped(_ ring: [GeoPoint], near longitude: Double) -> [GeoPoint] {
    let box = GeoBox(around: ring)
    let turns = ((longitude - box.centerLon) / 360).rounded()
    guard turns != 0 else { return ring }
    return ring.map { GeoPoint(lon: $0.lon + turns * 360, lat: $0.lat) }
  }

  /// Signed area by the shoelace formula (square degrees; positive when counter-clockwise).
  static func signedArea(_ ring: [GeoPoint]) -> Double {
    var sum = 0.0
    for index in ring.indices {
      let a = ring[index]
      let b = ring[(index + 1) % ring.count]
      sum += a.lon * b.lat - b.lon * a.lat
    }
    return sum / 2
  }

  /// Whether `point` is inside `ring` (even-odd).
  static func contains(_ ring: [GeoPoint], _ point: GeoPoint) -> Bool {
    var inside = false
    var previous = ring[ring.count - 1]
    for current in ring {
      if (current.lat > point.lat) != (previous.lat > point.lat),
        point.lon < (previous.lon - current.lon) * (point.lat - current.lat) / (previous.lat - current.lat)
          + current.lon
      {
        inside.toggle()
      }
      previous = current
    }
    return inside
  }

  /// The country's rings unwrapped around its largest one, and the box of its main body: the
  /// largest ring plus every ring near what is already in (Corsica joins France; French Guiana,
  /// across an ocean, does not, so France is not drawn at the scale of the Atlantic).
  static func mainBody(_ rings: [[GeoPoint]]) -> (rings: [[GeoPoint]], box: GeoBox)? {
    let order = rings.indices.sorted {
      let (a, b) = (abs(signedArea(rings[$0])), abs(signedArea(rings[$1])))
      return a != b ? a > b : $0 < $1
    }
    guard let largest = order.first else { return nil }
    let reference = GeoBox(around: rings[largest]).centerLon
    let shifted = rings.map { Rings.unwrapped($0, near: reference) }
    let boxes = shifted.map { GeoBox(around: $0) }
    var box = boxes[largest]
    var included: Set = [largest]
    var changed = true
    while changed {
      changed = false
      for index in order where !included.contains(index) {
        if box.gap(to: boxes[index]) <= 0.35 * max(box.width, box.height) + 1 {
          box = box.union(boxes[index])
          included.insert(index)
          changed = true
        }
      }
    }
    return (shifted, box)
  }
}

/// Where the map looks and how big it is: an equirectangular projection with the longitudes
/// shrunk by the cosine of the middle latitude, fitted to `columns` braille cells. Dots are about
/// square on a terminal (a cell is twice as tall as wide and holds 2×4 dots).
struct MapFrame {
  let columns: Int
  let rows: Int
  let center: GeoPoint
  /// cos(middle latitude): how much a degree of longitude is shorter than one of latitude.
  let shrink: Double
  /// Dots per projected degree.
  let scale: Double

  /// A frame showing `box` with a margin, `columns` wide and at most `columns / 3` rows tall (a
  /// little taller than wide on most terminals, so that a tall country still fits on the screen).
  init(showing box: GeoBox, columns: Int) {
    var box = box
    let padLon = max(box.width * 0.08, 0.3)
    let padLat = max(box.height * 0.08, 0.3)
    box = GeoBox(
      minLon: box.minLon - padLon, maxLon: box.maxLon + padLon, minLat: max(box.minLat - padLat, -90),
      maxLat: min(box.maxLat + padLat, 90))
    let shrink = max(cos(box.centerLat * .pi / 180), 0.2)
    let minimum = 4.0
    let spanX = max(box.width * shrink, minimum)
    let spanY = max(box.height, minimum)
    let dotsWide = Double(columns * 2)
    let wanted = Int((dotsWide * spanY / spanX / 4).rounded(.up))
    let rows = min(max(wanted, max(4, columns / 10)), max(columns / 3, 6))
    self.columns = columns
    self.rows = rows
    self.center = GeoPoint(lon: box.centerLon, lat: box.centerLat)
    self.shrink = shrink
    self.scale = min(dotsWide / spanX, Double(rows * 4) / spanY)
  }

  /// The dot position of a point (x to the right, y down), possibly outside the canvas.
  func dot(_ point: GeoPoint) -> (x: Double, y: Double) {
    (
      (point.lon - center.lon) * shrink * scale + Double(columns),
      (center.lat - point.lat) * scale + Double(rows * 2)
    )
  }

  /// What the canvas shows, in degrees.
  var box: GeoBox {
    let halfLon = Double(columns) / scale / shrink
    let halfLat = Double(rows * 2) / scale
    return GeoBox(
      minLon: center.lon - halfLon, maxLon: center.lon + halfLon, minLat: center.lat - halfLat,
      maxLat: center.lat + halfLat)
  }

  /// Kilometres one column spans (two dots; a projected degree is about 111.32 km).
  var kilometresPerColumn: Double { 2 / scale * 111.32 }
}
