import CtrySystem
import Glibc

/// The complete dataset shipped with ctry (`Resources/countries.json`, made by `Scripts/make-dataset`).
public enum BundledDataset {
  /// Where the data comes from, for `status` and the banner.
  public static let sourceDescription =
    "countryinfo 1.0.1 + Unicode CLDR (babel 2.18.0; populations: CLDR 41, 2021) + GeoNames postal codes"
  /// Where the bundled data, the map outlines and the public holidays come from, with their licences (DATA.md has the rest).
  public static let attribution =
    "data: countryinfo (MIT), Unicode CLDR via Babel (Unicode License v3), ISO 3166 via pycountry (LGPL-2.1), "
    + "GeoNames postal codes (CC BY 4.0), Natural Earth outlines (public domain), holidays (MIT)"
  /// When `Scripts/make-dataset` last regenerated the file.
  public static let generated = "2026-11-23"
  package static let fileName = "countries.json"
  /// The most bytes read of a file shipped with ctry (the data, the outlines, the shipped
  /// snapshot), far above what they hold: a path that names something else costs no more.
  package static let maximumBytes = 64 << 20

  /// The dataset file: `$CTRY_DATASET`, else `../share/ctry/countries.json` relative to the executable
  /// (the `Scripts/install` layout), else the source tree's copy for a binary in its `.build` folder.
  public static func locate(environment: [String: String] = ProcessEnvironment.current()) -> String? {
    locateResource(fileName, override: environment["CTRY_DATASET"])
  }

  /// A file shipped with ctry (the dataset, the map outlines): `override` when set, else in
  /// `../share/ctry/` relative to the executable (the `Scripts/install` layout), else, for a binary in
  /// the package's `.build` folder (`swift build`, `swift test`), in `Sources/CountryKit/Resources/`.
  /// They are not SwiftPM resources: a resource bundle's accessor links Foundation and ICU.
  static func locateResource(_ fileName: String, override: String?) -> String? {
    if let override, !override.isEmpty { return override }
    // Paths are taken apart as text, not with Foundation's URL, whose first use a start would pay.
    var directories: [String] = []
    if let executable = SystemCall.linkTarget("/proc/self/exe") {
      directories.append(AtomicFile.directory(of: executable))
    }
    if let argv0 = CommandLine.arguments.first, argv0.contains("/") {
      directories.append(absolute(AtomicFile.directory(of: argv0)))
    }
    var candidates = directories.map { "\($0)/../share/ctry/\(fileName)" }
    // Only a binary still in the tree's own build folder reads the tree: an installed one never does.
    if directories.contains(where: { $0.hasPrefix(buildFolder) }) {
      candidates.append("\(sourceResources)/\(fileName)")
    }
    return candidates.first { SystemCall.exists($0) }
  }

  /// `directory` made absolute against the working directory, as `URL(fileURLWithPath:)` does.
  private static func absolute(_ directory: String) -> String {
    guard !directory.hasPrefix("/"), let working = getcwd(nil, 0) else { return directory }
    defer { free(working) }
    return String(cString: working) + "/" + directory
  }

  /// The package this file was compiled in (`…/Sources/CountryModel/Catalog/BundledDataset.swift`).
  private static let packageRoot = AtomicFile.directory(
    of: AtomicFile.directory(of: AtomicFile.directory(of: AtomicFile.directory(of: #filePath))))
  /// `Sources/CountryKit/Resources` of that package.
  static let sourceResources = packageRoot + "/Sources/CountryKit/Resources"
  /// Where `swift build` puts its products (also `.build/fuzz/…` for Scripts/fuzz).
  private static let buildFolder = packageRoot + "/.build/"

  /// The error when the data file is not where it should be.
  package static var missing: CtryError {
    CtryError(
      .data, "the bundled country data (share/ctry/\(fileName)) is missing beside the ctry binary",
      hint: "reinstall with Scripts/install, or set CTRY_DATASET to a countries.json")
  }
}
