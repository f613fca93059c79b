import CtrySystem
import Glibc

/// One public holiday of a country: its date, its name (the package's, in English) and whether the
/// date is the package's estimate (the Islamic and other lunar calendars).
public struct PublicHoliday: Sendable, Hashable {
  public let date: CalendarDate
  public let name: String
  public let estimated: Bool

  public init(date: CalendarDate, name: String, estimated: Bool) {
    self.date = date
    self.name = name
    self.estimated = estimated
  }
}

/// Public holidays by cca3 for a span of years, from `Resources/holidays.tsv` (made by
/// `Scripts/make-dataset` from PyPI's holidays; `Scripts/dataset/holidays_table.py` documents the
/// format). Only `holidays` and `compare` load them, never start-up; a country's lines are decoded
/// when it is asked about.
public struct PublicHolidays: BundledResource {
  public static let fileName = "holidays.tsv"
  /// The years the file covers.
  public let span: ClosedRange<Int>
  private let bytes: [UInt8]
  private let origin: String
  /// Where the holiday lines begin, after the comments and the `@span` line. They are sorted by
  /// code (the generator writes them so, and `PublicHolidaysTests` holds the bundled file to it), so
  /// a country's lines are found by bisection, without reading the others.
  private let dataStart: Int

  /// Parses the file's text (`origin` names it in errors).
  public init(text: String, origin: String = PublicHolidays.fileName) throws(CtryError) {
    try self.init(bytes: Array(text.utf8), origin: origin)
  }

  /// Reads the header (comments and the `@span` line); the holiday lines are read when asked for.
  package init(bytes: [UInt8], origin: String) throws(CtryError) {
    var span: ClosedRange<Int>?
    var lineStart = 0
    var number = 0
    while lineStart < bytes.count {
      let lineEnd = Self.lineEnd(in: bytes, from: lineStart)
      number += 1
      if lineEnd > lineStart, bytes[lineStart] == UInt8(ascii: "@") {
        let words = bytes[lineStart..<lineEnd].split(separator: UInt8(ascii: " "))
        guard words.count == 3, String(decoding: words[0], as: UTF8.self) == "@span",
          let first = CountryOutlines.integer(words[1]), let last = CountryOutlines.integer(words[2]),
          2000 <= first, first <= last, last <= 2099
        else { throw CtryError(.data, "\(origin):\(number): not a span line") }
        span = first...last
      } else if lineEnd > lineStart, bytes[lineStart] != UInt8(ascii: "#") {
        break
      }
      lineStart = lineEnd + 1
    }
    guard let span else { throw CtryError(.data, "\(origin): no @span line") }
    self.span = span
    self.bytes = bytes
    self.origin = origin
    self.dataStart = min(lineStart, bytes.count)
  }

  /// Where the line holding the byte at `position` begins.
  private func lineStart(containing position: Int) -> Int {
    var start = position
    while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    return start
  }

  /// A holiday line from `start`: its code, the range after `CODE<TAB>` and where it ends; an error
  /// names its line number (counted then: only a bad file pays for it).
  private func line(at start: Int) throws(CtryError) -> (code: ArraySlice<UInt8>, rest: Range<Int>, end: Int) {
    let end = Self.lineEnd(in: bytes, from: start)
    guard end - start > 4, bytes[start + 3] == UInt8(ascii: "\t") else { throw bad(at: start) }
    return (bytes[start..<start + 3], start + 4..<end, end)
  }

  /// Calls `body` with every holiday line from `start` on, in file order, until it returns false.
  private func forEachLine(
    from start: Int, _ body: (ArraySlice<UInt8>, Range<Int>) throws(CtryError) -> Bool
  ) throws(CtryError) {
    var start = start
    while start < bytes.count {
      let (code, rest, end) = try line(at: start)
      guard try body(code, rest) else { return }
      start = end + 1
    }
  }

  /// The codes of the countries with holidays in the file, in file order.
  public var codes: [String] {
    var codes: [String] = []
    try? forEachLine(from: dataStart) { code, _ in
      if codes.last.map({ !$0.utf8.elementsEqual(code) }) ?? true {
        codes.append(String(decoding: code, as: UTF8.self))
      }
      return true
    }
    return codes
  }

  /// The holidays of the country with this cca3 in the span, by date, then name (none for a code
  /// the file does not hold).
  public func holidays(of cca3: String) throws(CtryError) -> [PublicHoliday] {
    let key = Array(cca3.utf8)
    guard key.count == 3 else { return [] }
    // The first line whose code is not below `key`: lines before `low` are below it, lines from `high` not.
    var low = dataStart
    var high = bytes.count
    while low < high {
      let start = lineStart(containing: low + (high - low) / 2)
      let (code, _, end) = try line(at: start)
      if code.lexicographicallyPrecedes(key) { low = end + 1 } else { high = start }
    }
    var out: [PublicHoliday] = []
    try forEachLine(from: low) { code, rest throws(CtryError) in
      guard code.elementsEqual(key) else { return false }
      let name = try name(of: rest)
      try forEachDate(bytes[rest]) { date, estimated in
        out.append(PublicHoliday(date: date, name: name, estimated: estimated))
      }
      return true
    }
    return out.sorted { ($0.date, $0.name) < ($1.date, $1.name) }
  }

  /// The holidays on `date`, by cca3, each country's by name; only the names of those are decoded.
  public func holidays(on date: CalendarDate) throws(CtryError) -> [(cca3: String, holiday: PublicHoliday)] {
    var out: [(cca3: String, holiday: PublicHoliday)] = []
    var current: (code: ArraySlice<UInt8>, found: [PublicHoliday])?
    func flush() {
      guard let current else { return }
      let cca3 = String(decoding: current.code, as: UTF8.self)
      out += current.found.sorted { $0.name < $1.name }.map { (cca3, $0) }
    }
    try forEachLine(from: dataStart) { code, rest throws(CtryError) in
      if current.map({ !$0.code.elementsEqual(code) }) ?? true {
        flush()
        current = (code, [])
      }
      var estimate: Bool?
      try forEachDate(bytes[rest], matching: date) { _, estimated in estimate = estimated }
      if let estimate {
        current?.found.append(PublicHoliday(date: date, name: try name(of: rest), estimated: estimate))
      }
      return true
    }
    flush()
    return out
  }

  /// The error for the holiday line holding the byte at `position`, with its line number.
  private func bad(at position: Int) -> CtryError {
    let number = bytes[..<position].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    return CtryError(.data, "\(origin):\(number): not a holiday line")
  }

  /// A line's name: the text before its tab.
  private func name(of range: Range<Int>) throws(CtryError) -> String {
    guard let tab = bytes[range].firstIndex(of: UInt8(ascii: "\t")), tab > range.lowerBound else {
      throw bad(at: range.lowerBound)
    }
    return String(decoding: bytes[range.lowerBound..<tab], as: UTF8.self)
  }

  /// Calls `body` with each date of a `NAME<TAB>DATE DATE…` line (only `matching` when given): a DATE
  /// is `YYMMDD` or `MMDD/YY-YY`, `~` first for an estimate.
  private func forEachDate(
    _ line: ArraySlice<UInt8>, matching wanted: CalendarDate? = nil, _ body: (CalendarDate, Bool) -> Void
  ) throws(CtryError) {
    // The line number is counted only for the error.
    func bad() -> CtryError { self.bad(at: line.startIndex) }
    guard let tab = line.firstIndex(of: UInt8(ascii: "\t")), tab > line.startIndex else { throw bad() }
    for token in line[(tab + 1)...].split(separator: UInt8(ascii: " ")) {
      var token = token
      let estimated = token.first == UInt8(ascii: "~")
      if estimated { token = token.dropFirst() }
      func digits(_ offset: Int, _ count: Int) throws(CtryError) -> Int {
        let start = token.startIndex + offset
        guard start + count <= token.endIndex,
          token[start..<start + count].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
          let value = CountryOutlines.integer(token[start..<start + count])
        else { throw bad() }
        return value
      }
      if token.count == 6 {
        guard let date = CalendarDate(year: try 2000 + digits(0, 2), month: try digits(2, 2), day: try digits(4, 2))
        else { throw bad() }
        if wanted == nil || wanted == date { body(date, estimated) }
      } else if token.count == 10, token[token.startIndex + 4] == UInt8(ascii: "/"),
        token[token.startIndex + 7] == UInt8(ascii: "-")
      {
        let month = try digits(0, 2)
        let day = try digits(2, 2)
        let first = try 2000 + digits(5, 2)
        let last = try 2000 + digits(8, 2)
        guard first <= last, CalendarDate(year: 2000, month: month, day: day) != nil else { throw bad() }
        if let wanted {
          if wanted.month == month, wanted.day == day, (first...last).contains(wanted.year) { body(wanted, estimated) }
          continue
        }
        for year in first...last {
          guard let date = CalendarDate(year: year, month: month, day: day) else { throw bad() }
          body(date, estimated)
        }
      } else {
        throw bad()
      }
    }
  }

  package static let environmentKey = "CTRY_HOLIDAYS"
  package static let contents = "the public holidays"
  package static let loaded = once()
}
