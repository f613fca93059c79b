import Glibc

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
  ///
  /// The home directory is `HOME`, else the account's (`getpwuid`). With neither (an absolute path)
  /// there is no home: nil, and ctry runs with no init file, cache or saved state. It never falls
  /// back to a shared directory such as /tmp, where another user could plant an init file.
  public static func resolve(
    environment: [String: String], override: String? = nil, accountHome: () -> String? = AppPaths.accountHome
  ) -> AppPaths? {
    if let override, !override.isEmpty { return AppPaths(single: override) }
    guard let home = environment["HOME"].flatMap(usableHome) ?? accountHome().flatMap(usableHome) else { return nil }
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

  /// An absolute path other than `/`, without its trailing slashes.
  static func usableHome(_ path: String) -> String? {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path.hasPrefix("/") && path != "/" ? path : nil
  }

  /// The home directory of the account running ctry, from the password database.
  @Sendable public static func accountHome() -> String? {
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
    return String(cString: directory)
  }

  /// Favorites and the home choice (`StateDatabase`).
  public var stateDatabase: String { "\(dataDirectory)/\(StateDatabase.fileName)" }
  public var historyFile: String { "\(stateDirectory)/history" }
  /// How the last contact with the server went (`NetworkStatus`).
  public var networkFile: String { "\(stateDirectory)/network.json" }
  /// The catalog snapshot (`CountryCache`).
  public var cacheFile: String { "\(cacheDirectory)/catalog.sqlite" }
  public var initScript: String { "\(configDirectory)/init.ctry" }
}
