import CountryModel
import CtryOutput
import CtryTestSupport
import Foundation
import Testing

@Suite struct RendererTests {
  let table = Table(
    title: "T",
    columns: [.init("flag", ""), .init("name", "Name"), .init("population", "Population", alignRight: true)],
    rows: [
      [.text("🇪🇬"), .text("Egypt"), .integer(102_334_403)],
      [.text("🇨🇳"), .text("中国"), .integer(1_402_112_000)],
      [.text("🇨🇮"), .text("Côte d'Ivoire, \"CI\""), .empty],
    ],
    plainColumns: [1])

  func render(_ format: OutputFormat, width: Int? = nil, color: Bool = false) -> String {
    Renderer(format: format, color: color, width: width).text(.table(table, empty: "none"))
  }

  /// Wide characters (CJK, flags), accents and grouped right-aligned numbers, at widths 80 and 30 (cut),
  /// against golden files (`Tests/Golden/render-wide-*.txt`), not against `TextWidth` itself.
  /// Rewrite them after a deliberate change with `CTRY_UPDATE_GOLDEN=1 swift test --filter RendererTests`.
  @Test(arguments: [80, 30])
  func tableAlignsWideCharactersAndGroupsDigits(_ width: Int) throws {
    let rendered = render(.table, width: width)
    #expect(rendered == (try Golden.expected(for: rendered, file: "render-wide-\(width).txt")))
  }

  @Test func tableFitsTheWidth() {
    for line in render(.table, width: 30).split(separator: "\n") {
      #expect(TextWidth.of(String(line)) <= 30, "\(line)")
    }
    #expect(render(.table, width: 30).contains("…"))
  }

  @Test func csvFollowsRFC4180() {
    let csv = render(.csv)
    #expect(csv.hasPrefix("flag,name,population\r\n"))
    #expect(csv.contains("🇪🇬,Egypt,102334403\r\n"))
    #expect(csv.contains(#""Côte d'Ivoire, ""CI""",\#r\#n"#))
  }

  @Test func jsonIsAnArrayOfTypedObjects() throws {
    let data = Data(render(.json).utf8)
    let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    #expect(rows.count == 3)
    #expect(rows[0]["population"] as? Int == 102_334_403)
    #expect(rows[2]["population"] is NSNull)
  }

  /// No plain line ends in a space: spaces before each line feed and at the end go; spaces inside a
  /// line, a space followed by a combining accent and non-ASCII text stay.
  @Test func plainLinesEndWithoutSpaces() {
    let lines = ["Côte d'Ivoire   ", "  中国  ", "a \u{301}", "", "  ", "end  "]
    let table = Table(
      title: "T", columns: [.init("name", "Name")], rows: lines.map { [.text($0)] }, plainColumns: [0])
    let plain = Renderer(format: .plain, color: false, width: nil).text(.table(table, empty: "none"))
    #expect(plain == "Côte d'Ivoire\n  中国\na \u{301}\n\n\nend\n")
  }

  /// Lines before the first that ends in a space stay where they are; the lines after it move up.
  @Test func plainLinesAfterCleanOnesLoseTheirSpaces() {
    for (lines, expected) in [
      (["a", "b  ", "c", " d "], "a\nb\nc\n d\n"), (["a", "b", "c   "], "a\nb\nc\n"), (["a b", " "], "a b\n"),
      (["x\u{3000} ", "y"], "x\u{3000}\ny\n"),
    ] {
      let table = Table(
        title: "T", columns: [.init("name", "Name")], rows: lines.map { [.text($0)] }, plainColumns: [0])
      #expect(Renderer(format: .plain, color: false, width: nil).text(.table(table, empty: "none")) == expected)
    }
  }

  @Test func plainIsOneItemPerLine() {
    #expect(render(.plain) == "Egypt\n中国\nCôte d'Ivoire, \"CI\"\n")
  }

  @Test func colourOnlyWhenAsked() {
    #expect(!render(.table).contains("\u{1B}["))
    #expect(render(.table, color: true).contains("\u{1B}[1m"))
  }

  @Test func emptyResultsSayWhy() {
    let empty = Table(columns: table.columns, rows: [])
    #expect(Renderer(format: .table, color: false, width: nil).text(.table(empty, empty: "nothing")) == "nothing\n")
    let json = Renderer(format: .json, color: false, width: nil).text(
      .countries(CountrySelection([]), ListTable { _ in empty }, empty: "x"))
    #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])?.isEmpty == true, "\(json)")
  }

  @Test func cardsInEveryFormat() {
    let card = Card(title: "🇪🇬  Egypt", subtitle: "Arab Republic of Egypt", fields: [.init("Capital", "Cairo")])
    let country = Country(
      name: CountryName(common: "Egypt", official: "Arab Republic of Egypt"), cca2: "EG", cca3: "EGY", region: "Africa")
    func text(_ format: OutputFormat) -> String {
      Renderer(format: format, color: false, width: 80).text(.country(country, card))
    }
    #expect(text(.table).contains("Capital  Cairo"))
    #expect(text(.plain).contains("Capital: Cairo"))
    #expect(text(.csv).contains("capital,Cairo\r\n"))
    #expect(text(.json).contains(#""cca3" : "EGY""#))
  }

  @Test func numbers() {
    #expect(NumberFormat.grouped(1_002_450) == "1,002,450")
    #expect(NumberFormat.grouped(-1234) == "-1,234")
    for (value, text) in [
      (0, "0"), (999, "999"), (1000, "1,000"), (-100_000, "-100,000"), (Int.min, "-9,223,372,036,854,775,808"),
    ] {
      #expect(NumberFormat.grouped(value) == text)
    }
    #expect(NumberFormat.grouped(0.44) == "0.44")
    #expect(NumberFormat.grouped(1234.5) == "1,234.5")
    #expect(NumberFormat.raw(2.0) == "2")
  }

  @Test func widths() {
    #expect(TextWidth.of("🇪🇬") == 2)
    #expect(TextWidth.of("Åland") == 5)
    #expect(TextWidth.of("日本") == 4)
    #expect(TextWidth.of("مصر") == 3)
    #expect(TextWidth.truncate("Switzerland", to: 6) == "Switz…")
  }
}
