import CountryModel

/// The workloads every measure uses, fixed by seeds so runs are comparable.
enum Workloads {
  /// Country arguments as people type them: names, codes, lower case, no accents, partial names.
  static let countries = [
    "Egypt", "Germany", "united kingdom", "cote d ivoire", "JP", "usa", "new zealand", "aland", "Brazil", "india",
    "FRA", "south africa", "Peru", "norway", "DEU", "Mexico", "korea south", "Viet Nam", "czechia", "Chad",
  ]

  /// Free-text searches: prefixes, words, substrings, capitals, one typo.
  static let searchTexts = [
    "germ", "united", "island", "guinea", "cote d ivoire", "helsinki", "republic", "saint", "new", "germny",
    "kingdom", "sudan", "am", "congo", "bos", "lux", "arab", "east", "port", "z",
  ]

  /// Filter-only search lines (also the arguments of `search` in the command mix).
  static let filterLines = [
    "--region Europe --sort population --limit 5",
    "--language Spanish --independent",
    "--capital helsinki",
    "--currency EUR --subregion 'Western Europe'",
    "--region Africa",
    "--region Asia --sort area --limit 10",
    "--language French",
    "--currency dollar --independent",
    "--demonym German",
    "--translation allemagne",
  ]

  /// Currency arguments.
  static let currencyArguments = ["EUR", "Egypt", "USD", "'united states'", "GBP", "japan", "XOF", "CHF"]

  /// `count` command lines of the realistic mix: details, searches (text and filters), borders,
  /// currencies, favorites and home. Read-only, so every run does the same work.
  static func commandLines(_ count: Int, seed: UInt64 = 42) -> [String] {
    var random = SplitMix64(seed: seed)
    func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    func quoted(_ text: String) -> String { text.contains(" ") ? "'\(text)'" : text }
    var lines: [String] = []
    lines.reserveCapacity(count)
    for _ in 0..<count {
      let roll = random.next() % 100
      switch roll {
      case 0..<30: lines.append("details \(quoted(pick(countries)))")
      case 30..<50: lines.append("search \(pick(searchTexts))")
      case 50..<65: lines.append("search \(pick(filterLines))")
      case 65..<75: lines.append("borders \(quoted(pick(countries)))")
      case 75..<80: lines.append("borders \(quoted(pick(countries))) --depth 2")
      case 80..<90: lines.append("currencies \(pick(currencyArguments))")
      case 90..<95: lines.append("favorites")
      default: lines.append("home")
      }
    }
    return lines
  }

  /// Lines as they stand when Tab is pressed.
  static let completionLines = [
    "details Germ", "details united", "search --region E", "details cote", "favorites add Jap", "de",
    "details ", "borders Egy", "currencies E", "search --language Spa", "search --sort p", "details aland",
    "search --curr", "help se", "details \"Côte", "home new", "details z", "favorites add 'United",
    "search --subregion ",
    "borders 'united k", "details saint", "currencies ", "search --demonym Fren", "details republic of",
  ]

  /// 1000 searches: `search(text)` and `run(CountryQuery)` with filters, alternating in a fixed mix.
  static func searches(_ count: Int = 1000, seed: UInt64 = 7) -> [SearchCase] {
    var random = SplitMix64(seed: seed)
    func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    let queries: [CountryQuery] = {
      var list: [CountryQuery] = []
      var q = CountryQuery()
      q.region = "Europe"
      q.sort = .population
      q.limit = 5
      list.append(q)
      q = CountryQuery()
      q.language = "Spanish"
      q.independent = true
      list.append(q)
      q = CountryQuery()
      q.capital = "helsinki"
      list.append(q)
      q = CountryQuery()
      q.currency = "EUR"
      q.subregion = "Western Europe"
      list.append(q)
      q = CountryQuery(text: "united")
      q.region = "Europe"
      list.append(q)
      q = CountryQuery(text: "island")
      q.sort = .area
      list.append(q)
      q = CountryQuery()
      q.demonym = "German"
      list.append(q)
      q = CountryQuery()
      q.translation = "allemagne"
      list.append(q)
      return list
    }()
    return (0..<count).map { i in
      i % 2 == 0 ? .text(pick(searchTexts)) : .query(pick(queries))
    }
  }

  enum SearchCase {
    case text(String)
    case query(CountryQuery)
  }

  /// `count` distinct made-up place names (some with accents, apostrophes or several words), for the
  /// large completion index.
  static func syntheticNames(_ count: Int, seed: UInt64 = 99) -> [String] {
    let onsets = [
      "b", "br", "c", "ch", "d", "dr", "f", "g", "gr", "h", "j", "k", "kr", "l", "m", "n", "p", "pr", "qu", "r", "s",
      "sh", "st", "t", "tr", "v", "w", "z", "",
    ]
    let vowels = ["a", "e", "i", "o", "u", "ia", "ei", "ou", "é", "ö", "å", "y"]
    let codas = ["", "n", "r", "l", "s", "m", "nd", "st", "th", "k"]
    let suffixes = ["", "", "", " Islands", " Republic", "land", "ia", "stan", " of the North", "'s Reach"]
    var random = SplitMix64(seed: seed)
    func pick(_ items: [String]) -> String { items[Int(random.next() % UInt64(items.count))] }
    var seen = Set<String>()
    var names: [String] = []
    names.reserveCapacity(count)
    while names.count < count {
      var name = ""
      for _ in 0..<(2 + Int(random.next() % 3)) { name += pick(onsets) + pick(vowels) + pick(codas) }
      name = name.prefix(1).uppercased() + name.dropFirst() + pick(suffixes)
      if seen.insert(TextFolding.fold(name)).inserted { names.append(name) }
    }
    return names
  }
}
