import CtryTestSupport
import Foundation
import Testing

/// Borders as a server sends them, through `refresh` in the binary against the fake v3.1 server: each
/// is kept once, only when it names another country of the same data, and the snapshot written from
/// them is the one the next start reads.
@Suite(.ownThread, .serialized, .tags(.network, .slow)) struct ServerBordersTests {
  let directory = TestPaths.preparedDirectory()

  /// The bundled records as JSON objects, changed by `change`, served as the v3.1 `/all`.
  func server(_ change: (inout [[String: Any]]) -> Void) throws -> FakeRestCountriesServer {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    var records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    change(&records)
    return try FakeRestCountriesServer(v31Records: try JSONSerialization.data(withJSONObject: records))
  }

  func ctry(_ server: FakeRestCountriesServer, _ arguments: [String], format: String = "plain") throws
    -> ProcessRunner.Result
  {
    try ProcessRunner.ctry(
      ["--data-dir", directory, "--api", "\(server.baseURL)/v3.1", "--format", format] + arguments,
      environment: ["CTRY_HTTP_TIMEOUT": "10"])
  }

  static func index(of code: String, in records: [[String: Any]]) -> Int {
    records.firstIndex { $0["cca3"] as? String == code } ?? 0
  }

  /// The borders `details --format json` shows for `country`.
  func storedBorders(_ server: FakeRestCountriesServer, _ country: String) throws -> [String] {
    let json = try ctry(server, ["--offline", "details", country], format: "json")
    let record = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
    return record?["borders"] as? [String] ?? []
  }

  @Test func repeatedUnknownAndOwnCodesAreLeftOut() throws {
    let server = try server { records in
      let egypt = Self.index(of: "EGY", in: records)
      records[egypt]["borders"] = Array(repeating: "PER", count: 251) + ["per", "PE", "XXX", "EGY", "SDN", "sdn", ""]
    }
    defer { server.stop() }
    let refreshed = try ctry(server, ["-c", "refresh", "-c", "borders Egypt"])
    #expect(refreshed.status == 0, "\(refreshed.err)")
    // In the same process, from the catalog the refresh swapped in.
    #expect(refreshed.out.hasPrefix("Refreshed 250 countries"), "\(refreshed.out)")
    #expect(refreshed.out.hasSuffix("\nPeru\nSudan\n"), "\(refreshed.out)")
    // The next start reads the snapshot the refresh wrote: no warning, nothing set aside.
    let next = try ctry(server, ["--offline", "borders", "Egypt"])
    #expect(next.status == 0 && next.err.isEmpty, "\(next.err)")
    #expect(next.out == "Peru\nSudan\n", "\(next.out)")
    #expect(try storedBorders(server, "Egypt") == ["PER", "SDN"])
    let left = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(!left.contains { $0.contains("corrupt") }, "\(left)")
  }

  /// The most a record can hold: the most countries a dataset may have (`DataLimits.maximumCount`),
  /// one of them bordering every other (and repeating some), with strings at their length bound.
  @Test func theLargestRecordIsStoredAndReadBack() throws {
    let longest = 4_096
    let server = try server { records in
      let original = records
      var copy = 1
      while records.count < 1_000 {
        for record in original where records.count < 1_000 {
          var record = record
          record["cca3"] = "X\(copy)\(record["cca3"] as? String ?? "")"
          record["cca2"] = "\(copy)\(record["cca2"] as? String ?? "")"
          record["ccn3"] = nil
          record["cioc"] = nil
          record["borders"] = []
          records.append(record)
        }
        copy += 1
      }
      let egypt = Self.index(of: "EGY", in: records)
      let others = records.compactMap { $0["cca3"] as? String }.filter { $0 != "EGY" }
      records[egypt]["borders"] = others + Array(repeating: "PER", count: 251) + ["EGY"]
      records[egypt]["capital"] = ["Cairo", String(repeating: "C", count: longest)]
      records[egypt]["altSpellings"] = [String(repeating: "é", count: longest / 2)]
    }
    defer { server.stop() }
    let refreshed = try ctry(server, ["refresh"])
    #expect(refreshed.status == 0, "\(refreshed.err)")
    #expect(refreshed.out.hasPrefix("Refreshed 1000 countries"), "\(refreshed.out)")
    let next = try ctry(server, ["--offline", "borders", "EGY"])
    #expect(next.status == 0 && next.err.isEmpty, "\(next.status) \(next.err)")
    #expect(next.out.split(separator: "\n").count == 999, "\(next.out.prefix(200))")
    let borders = try storedBorders(server, "EGY")
    #expect(borders.count == 999 && Set(borders).count == 999 && !borders.contains("EGY"))
    let card = try ctry(server, ["--offline", "details", "EGY"])
    #expect(card.status == 0 && card.out.contains(String(repeating: "C", count: longest)), "\(card.err)")
  }
}
