import Foundation

/// The complete dataset shipped with ctry (`Resources/countries.json`, made by `Scripts/make-dataset`).
public enum BundledDataset {
  /// Where the data comes from, for `status` and the banner.
  public static let sourceDescription =
    "countryinfo 1.0.1 + Unicode CLDR (babel 2.18.0; populations: CLDR 41, 2021) + GeoNames postal codes"
  /// When `Scripts/make-dataset` last regenerated the file.
  public static let generated = "2026-11-23"
  public static let resourceBundleName = "ctry_CountryKit.resources"
  static let fileName = "countries.json"

  /// The dataset file: `$CTRY_DATASET`, else the resource bundle beside the executable (the build
  /// layout), else `../share/ctry/countries.json` relative to it (the `Scripts/install` layout).
  public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    locateResource(fileName, override: environment["CTRY_DATASET"])
  }

  /// A file shipped with ctry (the dataset, the map outlines): `override` when set, else in the
  /// resource bundle beside the executable (the build layout), else in `../share/ctry/` relative
  /// to it (the `Scripts/install` layout).
  static func locateResource(_ fileName: String, override: String?) -> String? {
    if let override, !override.isEmpty { return override }
    var directories: [String] = []
    if let executable = executableDirectory() { directories.append(executable) }
    if let argv0 = CommandLine.arguments.first, argv0.contains("/") {
      directories.append((argv0 as NSString).deletingLastPathComponent)
    }
    for directory in directories {
      for candidate in [
        "\(directory)/\(resourceBundleName)/\(fileName)",
        "\(directory)/../share/ctry/\(fileName)",
      ] where FileManager.default.fileExists(atPath: candidate) {
        return candidate
      }
    }
    return nil
  }

  /// Decodes the bundled countries.
  public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws(CtryError)
    -> [Country]
  {
    guard let path = locate(environment: environment) else { throw missing }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CtryError(.data, "cannot read the bundled country data at \(path)")
    }
    return try CountryDecoding.decodeList(data, origin: path)
  }

  /// The error when the data file is not where it should be.
  static var missing: CtryError {
    CtryError(
      .data, "the bundled country data (\(resourceBundleName)/\(fileName)) is missing beside the ctry binary",
      hint: "reinstall with Scripts/install, or set CTRY_DATASET to a countries.json")
  }

  private static func executableDirectory() -> String? {
    guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
      return Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path
    }
    return (path as NSString).deletingLastPathComponent
  }
}
