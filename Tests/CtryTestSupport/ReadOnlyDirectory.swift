import Foundation
import Glibc

/// Makes an existing directory one that nobody can write to, root included, for as long as the test
/// needs: mode 0500 for an ordinary user, a read-only tmpfs mounted over it for root (who writes
/// through permissions). `restore` undoes it. The directory is empty while it is read-only.
package struct ReadOnlyDirectory {
  package let path: String
  private let mounted: Bool

  package init(_ path: String) throws {
    self.path = path
    if getuid() == 0 {
      let result = try Subprocess.run("/bin/mount", ["-t", "tmpfs", "-o", "ro,size=16k", "tmpfs", path])
      guard result.status == 0 else {
        throw CocoaError(.fileWriteNoPermission, userInfo: [NSLocalizedDescriptionKey: "mount: \(result.err)"])
      }
      mounted = true
    } else {
      try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: path)
      mounted = false
    }
  }

  package func restore() {
    if mounted {
      _ = try? Subprocess.run("/bin/umount", [path])
    } else {
      try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
    }
  }
}
