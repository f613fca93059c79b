import CountryNetwork
import CtrySystem
import FoundationEssentials

/// What a plugin says about itself, in comment lines near its top (any comment syntax):
///
///     # ctry-summary: Print the land-border graph as Graphviz DOT
///     # ctry-usage: neighbours-graph [REGION]
///     # ctry-stdin: countries
///
/// A plugin without such lines (a compiled one) may still answer `--ctry-spec` with the same three
/// keys as JSON; it is asked only when it is about to run, never to list it.
package struct PluginSpec: Codable, Sendable, Equatable {
  package var summary: String?
  package var usage: String?
  /// `"countries"`: send the current catalog (a v3.1 JSON array) on the plugin's stdin.
  package var stdin: String?

  package init(summary: String? = nil, usage: String? = nil, stdin: String? = nil) {
    self.summary = summary
    self.usage = usage
    self.stdin = stdin
  }

  package var wantsCountries: Bool { stdin == "countries" }

  /// How much of the file is read for the header lines.
  static let headerBytes = 4096

  /// The `ctry-summary:`, `ctry-usage:` and `ctry-stdin:` lines among the file's first 4 KB; nil
  /// when there are none or the file cannot be read. Only a regular file is read (`RegularFile`: an
  /// executable FIFO gives no header rather than a wait for a writer). Reading never runs the plugin.
  package static func header(of path: String) -> PluginSpec? {
    guard let bytes = try? RegularFile.head(path, limit: headerBytes) else { return nil }
    return header(in: Data(bytes))
  }

  static func header(in data: Data) -> PluginSpec? {
    var spec = PluginSpec()
    var found = false
    for line in data.split(separator: UInt8(ascii: "\n")) {
      let text = String(decoding: line, as: UTF8.self)
      for (key, path) in [("ctry-summary:", \PluginSpec.summary), ("ctry-usage:", \.usage), ("ctry-stdin:", \.stdin)] {
        guard spec[keyPath: path] == nil, let range = text.firstRange(of: key) else { continue }
        let value = Sanitized.line(String(text[range.upperBound...]), limit: 200)
        guard !value.isEmpty else { continue }
        spec[keyPath: path] = value
        found = true
      }
    }
    return found ? spec : nil
  }
}
