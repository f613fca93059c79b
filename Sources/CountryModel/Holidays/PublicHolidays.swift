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
  /// Each country's lines: their byte ranges and line numbers.
  private let lines: [String: [(range: Range<Int>, number: Int)]]

  /// Parses the file's text (`origin` names it in errors).
  public init(text: String, origin: String = PublicHolidays.fileName) throws(CtryError) {
    try self.init(bytes: Array(text.utf8), origin: origin)
  }

  package init(bytes: [UInt8], origin: String) throws(CtryError) {
    var span: ClosedRange<Int>?
    var lines: [String: [(range: Range<Int>, number: Int)]] = [:]
    // A country's lines come together: its code is made into a string once, where its lines begin.
    var code: (UInt8, UInt8, UInt8)?
    var current: [(range: Range<Int>, number: Int)] = []
    func flush() {
      guard let code, !current.isEmpty else { return }
      lines[String(decoding: [code.0, code.1, code.2], as: UTF8.self), default: []] += current
      current.removeAll(keepingCapacity: true)
    }
    var lineStart = 0
    var number = 0
    while lineStart < bytes.count {
      number += 1
      let lineEnd = Self.lineEnd(in: bytes, from: lineStart)
      defer { lineStart = lineEnd + 1 }
      guard lineEnd > lineStart, bytes[lineStart] != UInt8(ascii: "#") else { continue }
      if bytes[lineStart] == UInt8(ascii: "@") {
        let words = bytes[lineStart..<lineEnd].split(separator: UInt8(ascii: " "))
        guard words.count == 3, String(decoding: words[0], as: UTF8.self) == "@span",
          let first = CountryOutlines.integer(words[1]), let last = CountryOutlines.integer(words[2]),
          2000 <= first, first <= last, last <= 2099
        else { throw CtryError(.data, "\(origin):\(number): not a span line") }
        span = first...last
        continue
      }
      guard lineEnd - lineStart > 4, bytes[lineStart + 3] == UInt8(ascii: "\t") else {
        throw CtryError(.data, "\(origin):\(number): not a holiday line")
      }
      let lineCode = (bytes[lineStart], bytes[lineStart + 1], bytes[lineStart + 2])
      if code.map({ $0 != lineCode }) ?? true {
        flush()
        code = lineCode
      }
      current.append((lineStart + 4..<lineEnd, number))
    }
    flush()
    guard let span else { throw CtryError(.data, "\(origin): no @span line") }
    self.span = span
    self.bytes = bytes
    self.origin = origin
    self.lines = lines
  }

  /// Where the line that begins at `start` ends: its newline, or the end of `bytes`.
  private static func lineEnd(in bytes: [UInt8], from start: Int) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, start < buffer.count,
        let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
      else { return buffer.count }
      return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
    }
  }

  /// The codes of the countries with holidays in the file.
  public var codes: [String] { lines.keys.sorted() }

  /// The holidays of the country with this cca3 in the span, by date, then name (none for a code
  /// the file does not hold).
  public func holidays(of cca3: String) throws(CtryError) -> [PublicHoliday] {
    var out: [PublicHoliday] = []
    for (range, number) in lines[cca3] ?? [] {
      let name = try name(of: range, number: number)
      try forEachDate(bytes[range], number: number) { date, estimated in
        out.append(PublicHoliday(date: date, name: name, estimated: estimated))
      }
    }
    return out.sorted { ($0.date, $0.name) < ($1.date, $1.name) }
  }

  /// The holidays on `date`, by cca3, each country's by name; only the names of those are decoded.
  public func holidays(on date: CalendarDate) throws(CtryError) -> [(cca3: String, holiday: PublicHoliday)] {
    var out: [(cca3: String, holiday: PublicHoliday)] = []
    for cca3 in codes {
      var found: [PublicHoliday] = []
      for (range, number) in lines[cca3] ?? [] {
        var estimate: Bool?
        try forEachDate(bytes[range], number: number, matching: date) { _, estimated in estimate = estimated }
        if let estimate {
          found.append(PublicHoliday(date: date, name: try name(of: range, number: number), estimated: estimate))
        }
      }
      out += found.sorted { $0.name < $1.name }.map { (cca3, $0) }
    }
    return out
  }

  /// A line's name: the text before its tab.
  private func name(of range: Range<Int>, number: Int) throws(CtryError) -> String {
    guard let tab = bytes[range].firstIndex(of: UInt8(ascii: "\t")), tab > range.lowerBound else {
      throw CtryError(.data, "\(origin):\(number): not a holiday line")
    }
    return String(decoding: bytes[range.lowerBound..<tab], as: UTF8.self)
  }

  /// Calls `body` with each date of a `NAME<TAB>DATE DATE…` line (only `matching` when given): a DATE
  /// is `YYMMDD` or `MMDD/YY-YY`, `~` first for an estimate.
  private func forEachDate(
    _ line: ArraySlice<UInt8>, number: Int, matching wanted: CalendarDate? = nil,
    _ body: (CalendarDate, Bool) -> Void
  ) throws(CtryError) {
    let bad = CtryError(.data, "\(origin):\(number): not a holiday line")
    guard let tab = line.firstIndex(of: UInt8(ascii: "\t")), tab > line.startIndex else { throw bad }
    for token in line[(tab + 1)...].split(separator: UInt8(ascii: " ")) {
      var token = token
      let estimated = token.first == UInt8(ascii: "~")
      if estimated { token = token.dropFirst() }
      func digits(_ offset: Int, _ count: Int) throws(CtryError) -> Int {
        let start = token.startIndex + offset
        guard start + count <= token.endIndex,
          token[start..<start + count].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
          let value = CountryOutlines.integer(token[start..<start + count])
        else { throw bad }
        return value
      }
      if token.count == 6 {
        guard let date = CalendarDate(year: try 2000 + digits(0, 2), month: try digits(2, 2), day: try digits(4, 2))
        else { throw bad }
        if wanted == nil || wanted == date { body(date, estimated) }
      } else if token.count == 10, token[token.startIndex + 4] == UInt8(ascii: "/"),
        token[token.startIndex + 7] == UInt8(ascii: "-")
      {
        let month = try digits(0, 2)
        let day = try digits(2, 2)
        let first = try 2000 + digits(5, 2)
        let last = try 2000 + digits(8, 2)
        guard first <= last, CalendarDate(year: 2000, month: month, day: day) != nil else { throw bad }
        if let wanted {
          if wanted.month == month, wanted.day == day, (first...last).contains(wanted.year) { body(wanted, estimated) }
          continue
        }
        for year in first...last {
          guard let date = CalendarDate(year: year, month: month, day: day) else { throw bad }
          body(date, estimated)
        }
      } else {
        throw bad
      }
    }
  }

  package static let environmentKey = "CTRY_HOLIDAYS"
  package static let contents = "the public holidays"
  package static let loaded = once()
}
