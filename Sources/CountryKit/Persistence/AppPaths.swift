/// Where ctry keeps its files, after the XDG base directory conventions.
///
/// `--data-dir DIR` puts everything in DIR, which keeps tests hermetic.
public struct AppPaths: Sendable, Equatable {
  /// Favorites and the home choice (`$XDG_DATA_HOME/ctry`).
  public var dataDirectory: String
  /// History (`$XDG_STATE_HOME/ctry`).
  public var stateDirectory: String
  /// The API cache (`$XDG_CACHE_HOME/ctry`).
  public var cacheDirectory: String
  /// `init.ctry` (`$XDG_CONFIG_HOME/ctry`).
  public var configDirectory: String

  public init(dataDirectory: String, stateDirectory: String, cacheDirectory: String, configDirectory: String) {
    self.dataDirectory = dataDirectory
    self.stateDirectory = stateDirectory
    self.cacheDirectory = cacheDirectory
    self.configDirectory = configDirectory
  }

  /// Everything in one directory.
  public init(single directory: String) {
    self.init(
      dataDirectory: directory, stateDirectory: directory, cacheDirectory: directory,
      configDirectory: directory)
  }

  /// The XDG locations from `environment`, or all in `override` when given.
  public static func resolve(environment: [String: String], override: String? = nil) -> AppPaths {
    if let override, !override.isEmpty { return AppPaths(single: override) }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    func xdg(_ variable: String, _ fallback: String) -> String {
      let base = environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "\(home)/\(fallback)"
      return "\(base)/ctry"
    }
    return AppPaths(
      dataDirectory: xdg("XDG_DATA_HOME", ".local/share"),
      stateDirectory: xdg("XDG_STATE_HOME", ".local/state"),
      cacheDirectory: xdg("XDG_CACHE_HOME", ".cache"),
      configDirectory: xdg("XDG_CONFIG_HOME", ".config"))
  }

  public var favoritesFile: String { "\(dataDirectory)/favorites.json" }
  public var homeFile: String { "\(dataDirectory)/home.json" }
  public var historyFile: String { "\(stateDirectory)/history" }
  /// The catalog snapshot (`CountryCache`).
  public var cacheFile: String { "\(cacheDirectory)/catalog.sqlite" }
  public var initScript: String { "\(configDirectory)/init.ctry" }
}
