import CountryModel
import Foundation

/// Paths the tests need: the repository, the bundled dataset, the built binary, the fixtures.
package enum TestPaths {
  /// The repository root, found from this file's path.
  package static let repository: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// `Sources/CountryKit/Resources/countries.json` in the working tree.
  package static var dataset: String { "\(repository)/Sources/CountryKit/Resources/countries.json" }

  /// A real REST Countries payload in `Tests/Fixtures/restcountries` (MPL-2.0, test-only; see its
  /// NOTICE.md): `v3.1-all.json` or `v2-all.json`.
  package static func fixture(_ name: String) -> String {
    "\(repository)/Tests/Fixtures/restcountries/\(name)"
  }

  /// The `ctry` binary built next to the test bundle (`swift build` before `swift test`).
  package static var binary: String {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    var directory = (executable as NSString).deletingLastPathComponent
    if !FileManager.default.fileExists(atPath: "\(directory)/ctry") {
      directory = "\(repository)/.build/debug"
    }
    return "\(directory)/ctry"
  }

  /// A new empty directory under this test process's own root in the system's temporary directory,
  /// which goes when the process exits (`TestRunDirectory`): a run of the suite leaves nothing behind.
  package static func temporaryDirectory() -> String {
    let path = TestRunDirectory.root + "/" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A new directory (as `temporaryDirectory()`) that already holds the snapshot a first start of
  /// this `ctry` writes, where a start finds it both as `--data-dir` (`catalog.sqlite`) and as HOME
  /// (`.cache/ctry/catalog.sqlite`): ctry started in it reads that snapshot instead of building one
  /// from the bundled data. For every test but those of a first start, which take an empty directory.
  package static func preparedDirectory() -> String {
    let path = temporaryDirectory()
    guard let snapshot = preparedSnapshot else { return path }
    let manager = FileManager.default
    try? manager.copyItem(atPath: snapshot, toPath: path + "/catalog.sqlite")
    try? manager.createDirectory(atPath: path + "/.cache/ctry", withIntermediateDirectories: true)
    try? manager.copyItem(atPath: snapshot, toPath: path + "/.cache/ctry/catalog.sqlite")
    return path
  }

  /// The snapshot a first start wrote, once per test process; nil when it could not be made (then a
  /// prepared directory is empty, and the start in it builds the snapshot itself).
  private static let preparedSnapshot: String? = {
    let directory = temporaryDirectory() + "/prepared"
    guard
      let result = try? Subprocess.run(
        binary, ["--data-dir", directory, "--offline", "status"], environment: ["HOME": directory, "LANG": "C.UTF-8"]),
      result.status == 0, FileManager.default.fileExists(atPath: directory + "/catalog.sqlite")
    else { return nil }
    return directory + "/catalog.sqlite"
  }()
}

/// The bundled dataset, decoded once for all tests.
package enum TestData {
  package static let countries: [Country] = {
    guard let data = FileManager.default.contents(atPath: TestPaths.dataset),
      let countries = try? JSONDecoder().decode([Country].self, from: data)
    else { return [] }
    return countries
  }()

  package static let catalog = CountryCatalog(countries: countries)
}
