import CtrySystem

/// The UTC offset and abbreviation of IANA time zones over a span of years, daylight saving included,
/// from `Resources/zones.txt` (made by `Scripts/make-dataset` from the pinned tzdata, see
/// `Scripts/dataset/zones.py`). Only `time` and `compare` load it, never start-up, and they read the
/// states of the zones they show alone (`reading(_:)`); it reads no system file, so an answer is the
/// same on every machine.
public struct ZoneTable: BundledResource {
  public static let fileName = "zones.txt"

  /// What the clocks of a zone read from one moment on.
  public struct State: Sendable, Hashable {
    /// Seconds east of UTC.
    public var offset: Int
    /// `CEST`, or the tz database's numeric form (`+03`) where it has no letters.
    public var abbreviation: String

    public init(offset: Int, abbreviation: String) {
      self.offset = offset
      self.abbreviation = abbreviation
    }
  }

  /// A zone's state at the start of the span, then each change in it.
  struct Schedule: Sendable {
    var first: State
    var changes: [(at: Int64, state: State)]
  }

  /// The first and last year the table covers (all of each, in UTC).
  public let years: ClosedRange<Int>
  private let bytes: [UInt8]
  private let origin: String
  /// Each zone's line: where its fields start (after the name's tab) and end, and its number.
  private let lines: [String: (fields: Range<Int>, number: Int)]
  /// The zones read with `reading(_:)`.
  private var schedules: [String: Schedule] = [:]

  /// The span in seconds since 1970 (UTC): from the first second of the first year to the last of the
  /// last.
  public var span: Range<Int64> {
    CivilTime.seconds(
      year: years.lowerBound, month: 1, day: 1)..<CivilTime.seconds(
        year: years.upperBound + 1, month: 1, day: 1)
  }

  /// Whether the table has a line for `zone`.
  public func knows(_ zone: String) -> Bool { lines[zone] != nil }

  /// The state of `zone` at `moment` (seconds since 1970, UTC); nil for a zone not read with
  /// `reading(_:)` or a moment outside `span`.
  public func state(of zone: String, at moment: Int64) -> State? {
    guard span.contains(moment), let schedule = schedules[zone] else { return nil }
    return schedule.changes.last { $0.at <= moment }?.state ?? schedule.first
  }

  /// The moments in `range` at which `zone` (read with `reading(_:)`) changes, with the state from
  /// each on.
  public func changes(of zone: String, in range: Range<Int64>) -> [(at: Int64, state: State)] {
    schedules[zone]?.changes.filter { range.contains($0.at) } ?? []
  }

  /// This table with the states of `zones` read (those it knows; the others are left out): a command
  /// reads the few zones it shows, not all of them.
  public func reading(_ zones: [String]) throws(CtryError) -> ZoneTable {
    var table = self
    for zone in zones where table.schedules[zone] == nil && lines[zone] != nil {
      table.schedules[zone] = try schedule(zone, depth: 0)
    }
    return table
  }

  /// Parses the format `zones.py` writes: `#` comment lines; `span FIRST LAST` (tab-separated); then a
  /// line a zone, `NAME<TAB>OFFSET ABBR[<TAB>TIME OFFSET ABBR]…` or `NAME<TAB>=OTHER` for a zone with
  /// the same states as OTHER. Only the names are read here; a zone's states when `reading(_:)` asks.
  public init(text: String, origin: String = ZoneTable.fileName) throws(CtryError) {
    try self.init(bytes: Array(text.utf8), origin: origin)
  }

  package init(bytes: [UInt8], origin: String) throws(CtryError) {
    var years: ClosedRange<Int>?
    var lines: [String: (fields: Range<Int>, number: Int)] = [:]
    var lineStart = 0
    var number = 0
    while lineStart < bytes.count {
      number += 1
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      defer { lineStart = lineEnd + 1 }
      guard lineEnd > lineStart, bytes[lineStart] != UInt8(ascii: "#") else { continue }
      guard let tab = bytes[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: "\t")), tab > lineStart else {
        throw CtryError(.data, "\(origin):\(number): not a time zone line")
      }
      let name = String(decoding: bytes[lineStart..<tab], as: UTF8.self)
      if name == "span" {
        let parts = bytes[(tab + 1)..<lineEnd].split(separator: UInt8(ascii: "\t")).map {
          Int(String(decoding: $0, as: UTF8.self))
        }
        guard parts.count == 2, let first = parts[0], let last = parts[1], (1970...9999).contains(first),
          (first...9999).contains(last)
        else { throw CtryError(.data, "\(origin):\(number): not a span of years") }
        years = first...last
        continue
      }
      lines[name] = ((tab + 1)..<lineEnd, number)
    }
    guard let years, !lines.isEmpty else { throw CtryError(.data, "\(origin): no time zones") }
    self.years = years
    self.bytes = bytes
    self.origin = origin
    self.lines = lines
  }

  /// The states on `zone`'s line, following `=OTHER` to the line it names (a few steps at most).
  private func schedule(_ zone: String, depth: Int) throws(CtryError) -> Schedule {
    guard let (range, number) = lines[zone] else {
      throw CtryError(.data, "\(origin): no time zone \(zone)")
    }
    let bad = CtryError(.data, "\(origin):\(number): not a time zone line")
    let fields = bytes[range].split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    if fields.count == 1, fields[0].hasPrefix("=") {
      guard depth < 4 else { throw bad }
      return try schedule(String(fields[0].dropFirst()), depth: depth + 1)
    }
    func state(_ parts: ArraySlice<Substring>) -> State? {
      guard parts.count == 2, let offset = Int(parts[parts.startIndex]), abs(offset) <= 26 * 3600,
        let abbreviation = parts.last, !abbreviation.isEmpty, abbreviation.utf8.count <= 8,
        abbreviation.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
      else { return nil }
      return State(offset: offset, abbreviation: String(abbreviation))
    }
    guard let head = fields.first, let first = state(head.split(separator: " ")[...]) else { throw bad }
    var changes: [(at: Int64, state: State)] = []
    for field in fields.dropFirst() {
      let parts = field.split(separator: " ")
      guard parts.count == 3, let at = Int64(parts[0]), let next = state(parts.dropFirst()),
        at > (changes.last?.at ?? .min)
      else { throw bad }
      changes.append((at, next))
    }
    return Schedule(first: first, changes: changes)
  }

  package static let environmentKey = "CTRY_ZONES"
  package static let contents = "the time zone table"
  package static let loaded = once()
}
