import CountryModel

/// How far one country's clocks are ahead of another's over a year, daylight saving included: the
/// difference at the year's start, and the stretches when it is another.
struct ClockDifference: Equatable {
  /// A stretch of the year with another difference; `from` nil is from the year's start, `to` nil to its
  /// end (seconds since 1970, UTC).
  struct Stretch: Equatable {
    var difference: ClosedRange<Int>
    var from: Int64?
    var to: Int64?
  }

  /// Minutes, lowest to highest over the zones of each country, at the start of the year.
  var usual: ClosedRange<Int>
  var stretches: [Stretch]
  var year: Int
  /// How many times the difference changes during the year.
  var changes: Int

  /// The difference from the zones of `from` to those of `to` over the UTC year `year`, from
  /// `table`: the one at the year's start, and the stretches when it is another; nil when either country has no zone the table knows, or the year is outside it.
  init?(from: [String], to: [String], year: Int, table: ZoneTable) {
    let start = CivilTime.seconds(year: year, month: 1, day: 1)
    let end = CivilTime.seconds(year: year + 1, month: 1, day: 1)
    let fromZones = from.filter(table.knows)
    let toZones = to.filter(table.knows)
    guard !fromZones.isEmpty, !toZones.isEmpty, table.span.contains(start), table.span.contains(end - 1) else {
      return nil
    }
    var moments = Set([start])
    for zone in fromZones + toZones { moments.formUnion(table.changes(of: zone, in: start..<end).map(\.at)) }
    let sorted = moments.sorted()
    // Each stretch between changes, with its difference; neighbours with the same one joined.
    var parts: [(difference: ClosedRange<Int>, from: Int64, to: Int64)] = []
    for (index, moment) in sorted.enumerated() {
      let next = index + 1 < sorted.count ? sorted[index + 1] : end
      func offsets(_ zones: [String]) -> [Int] {
        zones.compactMap { table.state(of: $0, at: moment).map { $0.offset / 60 } }.sorted()
      }
      guard let difference = Comparison.clockDifference(from: offsets(fromZones), to: offsets(toZones)) else {
        return nil
      }
      if let last = parts.last, last.difference == difference {
        parts[parts.count - 1].to = next
      } else {
        parts.append((difference, moment, next))
      }
    }
    // The year's first difference (standard time in the north), so that one country's summer time
    // is one stretch.
    guard let usual = parts.first?.difference else { return nil }
    self.year = year
    changes = parts.count - 1
    self.usual = usual
    stretches = parts.filter { $0.difference != usual }.map {
      Stretch(difference: $0.difference, from: $0.from == start ? nil : $0.from, to: $0.to == end ? nil : $0.to)
    }
  }

  /// `−1 h`, `−1 h (−2 h from 29 Mar to 25 Oct)`, `+12 h (+13 h from 5 Apr to 6 Sep)`; more than
  /// three stretches are counted, not listed.
  var described: String {
    let usual = Comparison.describe(self.usual)
    guard !stretches.isEmpty else { return usual }
    if stretches.count > 3 { return "\(usual) (changes \(changes) times in \(year))" }
    var groups: [(difference: ClosedRange<Int>, spans: [String])] = []
    for stretch in stretches {
      let span: String
      switch (stretch.from, stretch.to) {
      case (let from?, let to?): span = "from \(Self.day(from)) to \(Self.day(to))"
      case (let from?, nil): span = "from \(Self.day(from))"
      case (nil, let to?): span = "until \(Self.day(to))"
      case (nil, nil): span = "all year"
      }
      if let index = groups.firstIndex(where: { $0.difference == stretch.difference }) {
        groups[index].spans.append(span)
      } else {
        groups.append((stretch.difference, [span]))
      }
    }
    let shown = groups.map { "\(Comparison.describe($0.difference)) \($0.spans.joinedText(separator: ", "))" }
    return "\(usual) (\(shown.joinedText(separator: "; ")))"
  }

  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// `29 Mar`: the UTC date of a change.
  private static func day(_ moment: Int64) -> String {
    let time = CivilTime(moment)
    return "\(time.day) \(months[time.month - 1])"
  }
}
