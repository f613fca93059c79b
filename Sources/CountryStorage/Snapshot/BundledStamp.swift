import CountryModel
import CtrySystem
import FoundationEssentials
import Glibc

/// Which bundled data file a snapshot was built from: its size and modification time (one `stat`,
/// checked at every start) and a hash of its bytes (computed only when the stamp differs, such as
/// after a reinstall that copied the same file).
package struct BundledStamp: Sendable, Equatable {
  let path: String
  /// `size:mtime-seconds.nanoseconds`.
  package let stamp: String

  package init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.path = path
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    stamp = "\(info.st_size):\(modified.tv_sec).\(modified.tv_nsec)"
  }

  /// FNV-1a (64-bit) of the file's bytes, as hex; nil when it cannot be read.
  package func hash() -> String? {
    guard let bytes = try? RegularFile.read(path, limit: BundledDataset.maximumBytes) else { return nil }
    return Self.hash(bytes)
  }

  package static func hash(_ bytes: [UInt8]) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return String(value, radix: 16)
  }
}
