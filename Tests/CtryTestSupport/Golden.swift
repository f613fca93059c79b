import Foundation

/// Golden files in `Tests/Golden/`. After a deliberate change, `CTRY_UPDATE_GOLDEN=1 swift test
/// --filter SUITE` rewrites the ones a suite reads; review the diff before committing it.
package enum Golden {
  package static let directory = "\(TestPaths.repository)/Tests/Golden"

  /// What `Tests/Golden/NAME` holds, for comparing with `output`; when updating, `output` is written
  /// there first (directories made as needed).
  package static func expected(for output: String, file name: String) throws -> String {
    let path = "\(directory)/\(name)"
    if ProcessInfo.processInfo.environment["CTRY_UPDATE_GOLDEN"] == "1" {
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try output.write(toFile: path, atomically: true, encoding: .utf8)
    }
    return try String(contentsOfFile: path, encoding: .utf8)
  }
}
