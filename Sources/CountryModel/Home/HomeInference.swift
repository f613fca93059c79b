import CtrySystem
import FoundationEssentials

/// Infers the home country from the machine: time zone, then locale, then Egypt.
///
/// The time zone comes from `TZ`, else the `/etc/localtime` link, else `/etc/timezone`, and is mapped
/// to a country with the tz database's `zone.tab` (one country per zone) or `zone1970.tab`. The locale
/// comes from `LC_ALL`, `LC_MESSAGES` or `LANG` (`en_US.UTF-8` → US). Every input is injectable.
public struct HomeInference: Sendable {
  /// Egypt, the apps' default home.
  public static let fallbackCode = "EGY"

  public var environment: [String: String]
  public var readFile: @Sendable (String) -> String?
  public var readLink: @Sendable (String) -> String?
  public var localtimePath = "/etc/localtime"
  public var timezoneFilePath = "/etc/timezone"
  public var zoneinfoDirectory = "/usr/share/zoneinfo"

  /// The text of the file at `path`, or nil when it cannot be read, is not a regular file of at
  /// most 1 MiB, or is not UTF-8.
  public static func text(at path: String) -> String? {
    (try? RegularFile.read(path, limit: 1 << 20)).flatMap { String(validating: $0, as: UTF8.self) }
  }

  /// Where the symbolic link at `path` points, or nil when it is not a link.
  public static func linkTarget(at path: String) -> String? {
    SystemCall.linkTarget(path)
  }

  public init(
    environment: [String: String],
    readFile: @escaping @Sendable (String) -> String? = HomeInference.text(at:),
    readLink: @escaping @Sendable (String) -> String? = HomeInference.linkTarget(at:)
  ) {
    self.environment = environment
    self.readFile = readFile
    self.readLink = readLink
  }

  public func infer() -> HomeChoice {
    if let zone = timeZoneName(), let code = country(forZone: zone) {
      return HomeChoice(code: code, source: .timeZone(zone))
    }
    for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      guard let value = environment[variable], !value.isEmpty else { continue }
      // The first variable that is set decides, as in POSIX locale resolution.
      if let region = Self.region(ofLocale: value) { return HomeChoice(code: region, source: .locale(value)) }
      break
    }
    return HomeChoice(code: Self.fallbackCode, source: .fallback)
  }

  /// The IANA zone name (`Africa/Cairo`), from `TZ`, `/etc/localtime` or `/etc/timezone`.
  func timeZoneName() -> String? {
    if let tz = environment["TZ"], !tz.isEmpty {
      return Self.zoneName(fromPath: tz.hasPrefix(":") ? String(tz.dropFirst()) : tz)
    }
    if let target = readLink(localtimePath), let zone = Self.zoneName(fromPath: target) { return zone }
    if let text = readFile(timezoneFilePath) {
      let zone = text.trimmingWhitespace()
      return zone.isEmpty ? nil : zone
    }
    return nil
  }

  static func zoneName(fromPath path: String) -> String? {
    // Bytes, not Characters: `firstRange(of:)` on a String is a generic Character search.
    let bytes = Array(path.utf8)
    let marker = Array("zoneinfo/".utf8)
    if bytes.count >= marker.count,
      let start = (0...(bytes.count - marker.count)).first(where: {
        bytes[$0..<$0 + marker.count].elementsEqual(marker)
      })
    {
      return String(decoding: bytes[(start + marker.count)...], as: UTF8.self)
    }
    return path.hasPrefix("/") || path.isEmpty ? nil : path
  }

  /// The first country code listed for `zone` in `zone.tab`, else `zone1970.tab`.
  func country(forZone zone: String) -> String? {
    // Read as bytes in one pass, not Characters and not split into lines and columns: the tables
    // are ASCII, and a zone in neither is read to the end of both.
    let wanted = Array(zone.utf8)
    for table in ["zone.tab", "zone1970.tab"] {
      guard var text = readFile("\(zoneinfoDirectory)/\(table)") else { continue }
      let found = text.withUTF8 { bytes -> String? in
        var start = 0
        while start < bytes.count {
          let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
          defer { start = end + 1 }
          guard end > start, bytes[start] != UInt8(ascii: "#") else { continue }
          // Columns: codes, coordinates, zone[, comment], separated by tabs.
          let line = bytes[start..<end]
          guard let firstTab = line.firstIndex(of: UInt8(ascii: "\t")),
            let secondTab = line[(firstTab + 1)...].firstIndex(of: UInt8(ascii: "\t"))
          else { continue }
          let zoneEnd = line[(secondTab + 1)...].firstIndex(of: UInt8(ascii: "\t")) ?? end
          guard line[(secondTab + 1)..<zoneEnd].elementsEqual(wanted) else { continue }
          // The first of the codes (`AE,OM,RE`), when it is one.
          let codes = line[start..<firstTab].split(separator: UInt8(ascii: ","), maxSplits: 1)
          if let first = codes.first, first.count == 2 { return String(decoding: first, as: UTF8.self) }
        }
        return nil
      }
      if let found { return found }
    }
    return nil
  }

  /// `en_US.UTF-8` → `US`; `C`, `POSIX` and `C.UTF-8` name no region.
  static func region(ofLocale locale: String) -> String? {
    var name = Substring(locale)
    if let dot = name.firstIndex(where: { $0 == "." || $0 == "@" }) { name = name[..<dot] }
    let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" })
    guard parts.count >= 2 else { return nil }
    let region = parts[1]
    guard region.count == 2, region.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
    return region.uppercased()
  }
}
