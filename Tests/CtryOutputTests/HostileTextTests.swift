import CountryModel
import CountryNetwork
import CtryOutput
import CtrySystem
import Foundation
import Testing

/// Strings from outside never reach the terminal raw, and numbers from outside never trap.
@Suite struct HostileTextTests {
  static let hostile = "Evil\u{1B}[31mRed\u{1B}]0;title\u{07}\u{9B}2J\u{202E}dlrow\u{2066}x\u{7F}"

  let table = Table(
    title: "T",
    columns: [.init("name", "Name"), .init("capital", "Capital")],
    rows: [[.text(hostile), .text("tab\there\nnewline")]])

  let card = Card(title: hostile, subtitle: hostile, fields: [.init("Capital", hostile)])

  func render(_ output: CommandResult.Output, _ format: OutputFormat, color: Bool = false) -> String {
    Renderer(format: format, color: color, width: nil).text(output)
  }

  /// No C0 (other than the line ends and, where allowed, tabs), DEL, C1 or bidi control in `text`.
  func isClean(_ text: String, allowTabs: Bool = false, allowCR: Bool = false) -> Bool {
    !text.unicodeScalars.contains { scalar in
      if scalar == "\n" || (allowTabs && scalar == "\t") || (allowCR && scalar == "\r") { return false }
      return VisibleEscapes.needsEscape(scalar)
    }
  }

  @Test func escapesAreVisibleAndNothingIsDropped() {
    #expect(VisibleEscapes.escaped("a\u{1B}[2Jb") == "a\\x1b[2Jb")
    #expect(VisibleEscapes.escaped("\u{9B}\u{202E}\u{2069}\u{7F}\u{0}") == "\\u{9b}\\u{202e}\\u{2069}\\x7f\\x00")
    #expect(VisibleEscapes.escaped("\u{200E}\u{200F}\u{61C}") == "\\u{200e}\\u{200f}\\u{61c}", "the bidi marks too")
    #expect(VisibleEscapes.escaped("tab\tnl\n", allowing: [.newline, .tab]) == "tab\tnl\n")
    #expect(VisibleEscapes.escaped("tab\tnl\n") == "tab\\x09nl\\x0a")
    #expect(VisibleEscapes.escaped("Côte d'Ivoire 🇨🇮 中国") == "Côte d'Ivoire 🇨🇮 中国")
  }

  @Test func tableCardPlainAndCSVEscapeControls() {
    for format in [OutputFormat.table, .plain, .csv] {
      for output in [CommandResult.Output.table(table, empty: ""), .card(card)] {
        let text = render(output, format)
        #expect(isClean(text, allowTabs: format != .table, allowCR: format == .csv), "\(format): \(text)")
        #expect(text.contains("Evil\\x1b[31mRed\\x1b]0;title\\x07\\u{9b}2J\\u{202e}dlrow\\u{2066}x\\x7f"), "\(format)")
      }
    }
    // The table escapes a tab and a newline inside a cell; plain escapes them too (its separators).
    #expect(render(.table(table, empty: ""), .table).contains("tab\\x09here\\x0anewline"))
    #expect(render(.table(table, empty: ""), .plain).contains("tab\\x09here\\x0anewline"))
    // CSV keeps them inside a quoted field.
    #expect(render(.table(table, empty: ""), .csv).contains("\"tab\there\nnewline\""))
  }

  @Test func colorStylingStillWorksAroundEscapedData() {
    let text = render(.card(card), .table, color: true)
    #expect(text.contains("\u{1B}[1m"), "the renderer's own bold remains")
    #expect(!text.contains("\u{1B}[31m"), "the data's red does not")
  }

  @Test func textAndMessagesKeepLineBreaksButEscapeTheRest() {
    let text = render(.text("line1\n\(Self.hostile)\tend"), .table)
    #expect(isClean(text, allowTabs: true))
    #expect(text.hasPrefix("line1\nEvil\\x1b[31m"))
    #expect(isClean(render(.message(Self.hostile), .plain)))
  }

  @Test func jsonEscapesEveryControlAsJSONDoes() throws {
    let text = render(.table(table, empty: ""), .json)
    #expect(isClean(text), "\(text)")
    #expect(text.contains("\\u001b[31m") && text.contains("\\u009b") && text.contains("\\u202e"))
    let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: String]]
    #expect(decoded?.first?["name"] == Self.hostile, "the JSON still means the same string")
  }

  @Test func hugeAndOddNumbersNeverTrap() {
    #expect(NumberFormat.grouped(1e19) == "1e+19")
    #expect(NumberFormat.grouped(-1e300) == "-1e+300")
    #expect(NumberFormat.grouped(Double.infinity) == "inf")
    #expect(NumberFormat.grouped(Double.nan) == "nan")
    #expect(NumberFormat.grouped(9.3e18 + 0.5) == "9.3e+18")
    #expect(NumberFormat.grouped(1_234_567.891) == "1,234,567.89")
    #expect(NumberFormat.grouped(2.999) == "3")
    #expect(NumberFormat.grouped(-0.5) == "-0.5")
    #expect(NumberFormat.raw(1e19) == "1e+19")
    let cell = render(.table(Table(columns: [.init("area", "Area")], rows: [[.number(1e19)]]), empty: ""), .table)
    #expect(cell.contains("1e+19"))
  }

  @Test func environmentVariablesAreValidatedWithOneLine() {
    for (name, value, words) in [
      ("CTRY_HTTP_TIMEOUT", "inf", "CTRY_HTTP_TIMEOUT must be a number of seconds between 0.1 and 3600"),
      ("CTRY_HTTP_TIMEOUT", "nan", "CTRY_HTTP_TIMEOUT must be"),
      ("CTRY_HTTP_TIMEOUT", "1e300", "CTRY_HTTP_TIMEOUT must be"),
      ("CTRY_HTTP_TIMEOUT", "0", "CTRY_HTTP_TIMEOUT must be"),
      ("CTRY_HTTP_DEADLINE", "-5", "CTRY_HTTP_DEADLINE must be a number of seconds between 1 and 3600"),
      ("CTRY_HTTP_RETRIES", "1000000", "CTRY_HTTP_RETRIES must be a whole number of attempts from 1 to 10"),
      ("CTRY_HTTP_RETRIES", "0", "CTRY_HTTP_RETRIES must be"),
      ("CTRY_API_PAGE_SIZE", "9999999999999999999999", "CTRY_API_PAGE_SIZE must be"),
      ("CTRY_API_KEY", "key\u{1B}[31m", "CTRY_API_KEY must be printable ASCII"),
    ] {
      #expect(throws: CtryError.self) {
        _ = try APIConfiguration.resolve(url: nil, version: nil, environment: [name: value])
      }
      do {
        _ = try APIConfiguration.resolve(url: nil, version: nil, environment: [name: value])
      } catch {
        #expect(error.kind == .usage && error.description.hasPrefix(words), "\(error.description)")
        #expect(!error.description.contains("\n"))
      }
    }
    let good = try? APIConfiguration.resolve(
      url: nil, version: nil,
      environment: ["CTRY_HTTP_TIMEOUT": "0.5", "CTRY_HTTP_RETRIES": "10", "CTRY_HTTP_DEADLINE": "20"])
    #expect(good?.requestTimeout == .milliseconds(500))
    #expect(good?.maxAttempts == 10)
    #expect(good?.deadline == .seconds(20))
    #expect(APIConfiguration(maxAttempts: 1_000_000).maxAttempts == 10, "attempts capped at 10 whatever configured")
  }
}
