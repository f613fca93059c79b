import CtrySystem

/// The UTC offset and abbreviation of IANA time zones over a span of years, daylight saving included,
/// from `Resources/zones.txt` (made by `Scripts/make-dataset` from the pinned tzdata, see
/// `Scripts/dataset/zones.py`). Only `time` and `compare` load it, never start-up; it reads no
/// system file, so an answer is the same on every machine.
public struct ZoneTable: Sendable {
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
  private let schedules: [String: Schedule]

  /// The span in seconds since 1970 (UTC): from the first second of the first year to the last of the
  /// last.
  public var span: Range<Int64> {
    CivilTime.seconds(
      year: years.lowerBound, month: 1, day: 1)..<CivilTime.seconds(
        year: years.upperBound + 1, month: 1, day: 1)
  }

  /// Whether the table knows `zone`.
  public func knows(_ zone: String) -> Bool { schedules[zone] != nil }

  /// The state of `zone` at `moment` (seconds since 1970, UTC); nil for a zone the table does not
  /// know or a moment outside `span`.
  public func state(of zone: String, at moment: Int64) -> State? {
    guard span.contains(moment), let schedule = schedules[zone] else { return nil }
    return schedule.changes.last { $0.at <= moment }?.state ?? schedule.first
  }

  /// The moments in `range` at which `zone` changes, with the state from each on.
  public func changes(of zone: String, in range: Range<Int64>) -> [(at: Int64, state: State)] {
    schedules[zone]?.changes.filter { range.contains($0.at) } ?? []
  }

  /// Parses the format `zones.py` writes: `#` comment lines; `span FIRST LAST` (tab-separated); then a
  /// line a zone, `NAME<TAB>OFFSET ABBR[<TAB>TIME OFFSET ABBR]…` or `NAME<TAB>=OTHER` for a zone with
  /// the same states as OTHER, named on an earlier line.
  public init(text: String, origin: String = ZoneTable.fileName) throws(CtryError) {
    var years: ClosedRange<Int>?
    var schedules: [String: Schedule] = [:]
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      let bad = CtryError(.data, "\(origin):\(index + 1): not a time zone line")
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 2 else { throw bad }
      if fields[0] == "span" {
        guard fields.count == 3, let first = Int(fields[1]), let last = Int(fields[2]), first <= last,
          (1970...9999).contains(first), last <= 9999
        else { throw bad }
        years = first...last
        continue
      }
      let name = String(fields[0])
      if fields.count == 2, fields[1].hasPrefix("=") {
        guard let same = schedules[String(fields[1].dropFirst())] else { throw bad }
        schedules[name] = same
        continue
      }
      func state(_ parts: ArraySlice<Substring>) -> State? {
        guard parts.count == 2, let offset = Int(parts[parts.startIndex]), abs(offset) <= 26 * 3600,
          let abbreviation = parts.last, !abbreviation.isEmpty, abbreviation.utf8.count <= 8,
          abbreviation.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else { return nil }
        return State(offset: offset, abbreviation: String(abbreviation))
      }
      guard let first = state(fields[1].split(separator: " ")[...]) else { throw bad }
      var changes: [(at: Int64, state: State)] = []
      for field in fields.dropFirst(2) {
        let parts = field.split(separator: " ")
        guard parts.count == 3, let at = Int64(parts[0]), let next = state(parts.dropFirst()),
          at > (changes.last?.at ?? .min)
        else { throw bad }
        changes.append((at, next))
      }
      schedules[name] = Schedule(first: first, changes: changes)
    }
    guard let years, !schedules.isEmpty else { throw CtryError(.data, "\(origin): no time zones") }
    self.years = years
    self.schedules = schedules
  }

  /// The table file: `$CTRY_ZONES`, else beside the bundled dataset.
  public static func locate(environment: [String: String] = ProcessEnvironment.current()) -> String? {
    BundledDataset.locateResource(fileName, override: environment["CTRY_ZONES"])
  }

  /// Reads and parses the table file.
  public static func load(environment: [String: String] = ProcessEnvironment.current()) throws(CtryError)
    -> ZoneTable
  {
    guard let path = locate(environment: environment) else {
      throw CtryError(
        .data, "the time zone table (share/ctry/\(fileName)) is missing beside the ctry binary",
        hint: "reinstall with Scripts/install, or set CTRY_ZONES to a zones.txt")
    }
    let bytes: [UInt8]
    do throws(RegularFile.Failure) {
      bytes = try RegularFile.read(path, limit: BundledDataset.maximumBytes)
    } catch {
      throw CtryError(.data, "cannot read the time zone table at \(path): \(error)")
    }
    return try ZoneTable(text: String(decoding: bytes, as: UTF8.self), origin: path)
  }

  /// The bundled table, read once per process on first use.
  public static func bundled() throws(CtryError) -> ZoneTable {
    try cached.get()
  }

  private static let cached: Result<ZoneTable, CtryError> = Result { () throws(CtryError) in try load() }
}
