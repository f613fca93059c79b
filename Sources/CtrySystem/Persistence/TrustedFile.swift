import Glibc

/// Whether a configuration file may be read, by the rule ssh applies to `~/.ssh/config`: it belongs
/// to the user (or root) and neither group nor others can write to it; its directory belongs to the
/// user (or root) and others cannot write to it (a group-writable directory is common with per-user
/// groups). Otherwise another local user could have written the commands ctry runs at start-up or
/// the key it sends. A secret (the server's key) must also be private, as ssh requires of a private key:
/// neither group nor others may read it; and it must be a file of its own, not a symbolic link:
/// whoever can write a directory on the link's way could point it at another of the user's private
/// files, which would pass every check here and be sent as the key. (ctry writes the key file
/// itself, never as a link; its reader opens it with `O_NOFOLLOW`.)
public enum TrustedFile {
  /// nil when `path` may be read (or does not exist); else the one line that refuses it. With
  /// `secret`, a file group or others have any access to is refused too, and a symbolic link.
  public static func refusal(_ path: String, secret: Bool = false) -> String? {
    var info = stat()
    if secret, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
      return "ctry: ignoring \(path): it is a symbolic link (a secret is read only from a file of its own: "
        + "put the file itself there)"
    }
    guard stat(path, &info) == 0 else { return nil }
    if let problem = problem(info, path, writableBy: 0o022, secret: secret) {
      return "ctry: ignoring \(path): \(problem)"
    }
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    var directoryInfo = stat()
    if !directory.isEmpty, stat(directory, &directoryInfo) == 0,
      let problem = problem(directoryInfo, directory, writableBy: 0o002)
    {
      return "ctry: ignoring \(path): \(problem) on its directory"
    }
    return nil
  }

  private static func problem(_ info: stat, _ path: String, writableBy mask: mode_t, secret: Bool = false) -> String? {
    if info.st_uid != geteuid(), info.st_uid != 0 { return "bad owner (uid \(info.st_uid), not you)" }
    if secret, info.st_mode & 0o077 != 0 {
      let mode = String(info.st_mode & 0o7777, radix: 8)
      return "bad permissions (\(String(repeating: "0", count: max(0, 4 - mode.count)) + mode) is open to others: "
        + "chmod 600 \(path))"
    }
    if info.st_mode & mask != 0 {
      return "bad permissions (writable by others: chmod \(mask & 0o020 != 0 ? "go-w" : "o-w") \(path))"
    }
    return nil
  }
}
