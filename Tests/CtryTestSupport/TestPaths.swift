import CountryKit
import Foundation

/// Paths the tests need: the repository, the bundled dataset, the built binary, shared fixtures.
package enum TestPaths {
  /// The repository root, found from this file's path.
  package static let repository: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// `Sources/CountryKit/Resources/countries.json` in the working tree.
  package static var dataset: String { "\(repository)/Sources/CountryKit/Resources/countries.json" }

  /// A REST Countries payload from `../shared/fixtures/restcountries`, or nil when shared/ is absent
  /// (a user's fresh clone): tests that use it skip.
  package static func sharedFixture(_ name: String) -> String? {
    let path = "\(repository)/../shared/fixtures/restcountries/\(name)"
    return FileManager.default.fileExists(atPath: path) ? path : nil
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

  /// A new empty directory under the system's temporary directory.
  package static func temporaryDirectory() -> String {
    let path = NSTemporaryDirectory() + "ctry-test-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
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
