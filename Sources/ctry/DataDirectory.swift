import CountryModel
import CtrySystem
import Glibc

/// `--data-dir DIR`: a directory that exists, or one ctry makes (mode 0700) in a directory that exists
/// and belongs to the person running it. ctry never makes a whole tree of directories, nor one in
/// somebody else's directory, from a mistyped path.
enum DataDirectory {
  static func prepare(_ path: String) throws(CtryError) {
    let shown = EchoedInput.shortened(path, limit: 200)
    var status = stat()
    if stat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw CtryError.usage("--data-dir \(shown) is not a directory", hint: "give a directory, or a new name")
      }
      return
    }
    let parent = parentDirectory(of: path)
    var parentStatus = stat()
    guard stat(parent, &parentStatus) == 0, parentStatus.st_mode & S_IFMT == S_IFDIR else {
      throw CtryError.usage(
        "--data-dir \(shown) does not exist, and neither does \(EchoedInput.shortened(parent, limit: 200))",
        hint: "ctry makes only the last directory: check the path, or make its parents first (mkdir -p)")
    }
    guard parentStatus.st_uid == geteuid() else {
      throw CtryError.usage(
        "--data-dir \(shown) does not exist, and \(EchoedInput.shortened(parent, limit: 200)) is not yours to make it in",
        hint: "make it yourself (mkdir), or choose a directory of your own")
    }
    guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
      let reason = String(cString: strerror(errno))
      throw CtryError.usage("cannot make --data-dir \(shown): \(reason)", hint: "make it yourself, or choose another")
    }
  }

  /// The directory `path` would be made in: `a/b` for `a/b/c/`, `.` for `c`, `/` for `/c`.
  static func parentDirectory(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    let parent = trimmed[..<slash]
    return parent.isEmpty ? "/" : String(parent)
  }
}
