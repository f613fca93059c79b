/// What a plugin says about itself when run with `--ctry-spec`.
public struct PluginSpec: Codable, Sendable, Equatable {
  public var summary: String?
  public var usage: String?
  /// `"countries"`: send the current catalog (a v3.1 JSON array) on the plugin's stdin.
  public var stdin: String?

  public var wantsCountries: Bool { stdin == "countries" }
}
