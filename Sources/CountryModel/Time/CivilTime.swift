/// A date and time on the proleptic Gregorian calendar, with no zone: what a clock reads. Converted
/// to and from seconds since 1970 by arithmetic (days from civil, H. Hinnant's algorithm), so no
/// calendar or time zone of the machine takes part.
public struct CivilTime: Sendable, Hashable {
  public var year: Int
  public var month: Int
  public var day: Int
  public var hour: Int
  public var minute: Int
  public var second: Int

  /// What a clock `offset` seconds east of UTC reads at `moment` (seconds since 1970, UTC).
  public init(_ moment: Int64, offset: Int = 0) {
    let local = moment + Int64(offset)
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let rest = Int(local - days * 86_400)
    (hour, minute, second) = (rest / 3600, rest % 3600 / 60, rest % 60)
    // civil_from_days
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
    month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
    year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
  }

  /// Seconds since 1970 of this date at `hour:minute:second` UTC.
  public static func seconds(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0)
    -> Int64
  {
    // days_from_civil
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * Int64(month > 2 ? month - 3 : month + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
  }

  /// Monday 1 … Sunday 7 (ISO 8601).
  public var weekday: Int {
    let days = CivilTime.seconds(year: year, month: month, day: day) / 86_400
    // 1970-01-01 was a Thursday (4).
    let index = (days % 7 + 7 + 3) % 7
    return Int(index) + 1
  }

  public static func daysIn(month: Int, of year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Reads a moment in ISO 8601: `2026-07-01T12:00:00Z`, `2026-07-01T14:00+02:00`, `2026-07-01 12:00Z`
  /// (seconds optional, `T` or a space; `Z` or an offset ±HH:MM), or a date alone, `2026-07-01`, read
  /// as its midnight in UTC. Years 1970–9999; anything else is nil.
  public static func moment(_ text: String) -> Int64? {
    let bytes = Array(text.utf8)
    var index = 0
    func number(_ width: Int) -> Int? {
      guard index + width <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + width] {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      index += width
      return value
    }
    func expect(_ character: Character) -> Bool {
      guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
      index += 1
      return true
    }
    guard let year = number(4), (1970...9999).contains(year), expect("-"), let month = number(2),
      (1...12).contains(month), expect("-"), let day = number(2), (1...daysIn(month: month, of: year)).contains(day)
    else { return nil }
    if index == bytes.count { return seconds(year: year, month: month, day: day) }
    guard expect("T") || expect(" ") || expect("t"), let hour = number(2), hour < 24, expect(":"),
      let minute = number(2), minute < 60
    else { return nil }
    var second = 0
    if expect(":") {
      guard let value = number(2), value < 60 else { return nil }
      second = value
    }
    var offset = 0
    if expect("Z") || expect("z") {
    } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      index += 1
      guard let hours = number(2), hours <= 14, expect(":"), let minutes = number(2), minutes < 60 else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
    } else {
      return nil
    }
    guard index == bytes.count else { return nil }
    return seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second) - Int64(offset)
  }
}
