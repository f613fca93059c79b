#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a configuration file may be read, by the rule ssh applies to `~/.ssh/config`: it and its
/// directory belong to the user (or root) and no one else can write to them. Otherwise another local
/// user could have written the commands ctry runs at start-up or the key it sends.
public enum TrustedFile {
  /// nil when `path` may be read (or does not exist); else the one line that refuses it.
  public static func refusal(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    if let problem = problem(info, path) { return "ctry: ignoring \(path): \(problem)" }
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    var directoryInfo = stat()
    if !directory.isEmpty, stat(directory, &directoryInfo) == 0, let problem = problem(directoryInfo, directory) {
      return "ctry: ignoring \(path): \(problem) on its directory"
    }
    return nil
  }

  private static func problem(_ info: stat, _ path: String) -> String? {
    if info.st_uid != geteuid(), info.st_uid != 0 { return "bad owner (uid \(info.st_uid), not you)" }
    if info.st_mode & 0o022 != 0 { return "bad permissions (writable by others: chmod go-w \(path))" }
    return nil
  }
}
