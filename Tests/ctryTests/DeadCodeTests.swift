import CtryTestSupport
import Foundation
import Testing

/// Code nothing calls stays out (issue 14, item 8).
@Suite struct DeadCodeTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOfFile: "\(TestPaths.repository)/\(path)", encoding: .utf8)
  }

  /// Every text file under `directory` with one of `extensions`, concatenated.
  static func sources(_ directory: String, _ extensions: [String]) throws -> String {
    let root = "\(TestPaths.repository)/\(directory)"
    var all = ""
    let files = FileManager.default.enumerator(atPath: root)
    while let file = files?.nextObject() as? String {
      guard extensions.contains((file as NSString).pathExtension) else { continue }
      all += try String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)
    }
    return all
  }

  /// Each C constant and shim the Swift code can see is used by it.
  @Test func everyCurlConstantIsUsed() throws {
    let names = try Self.text("Sources/CCurl/include/ccurl.h").matches(of: #/#define (CTRY_[A-Z0-9_]+) /#)
      .map { String($0.output.1) }
    try Self.expectUsed(names, in: "ccurl.h")
  }

  @Test func everyLibeditShimIsUsed() throws {
    let names = try Self.text("Sources/CLibedit/shim.h").matches(of: #/static inline [^(]*\b(ctry_[a-z_]+)\(/#)
      .map { String($0.output.1) }
    try Self.expectUsed(names, in: "shim.h")
  }

  static func expectUsed(_ names: [String], in header: String) throws {
    let code = try sources("Sources", ["swift", "c"])
    #expect(!names.isEmpty)
    let unused = names.filter { !code.contains($0) }
    #expect(unused.isEmpty, "unused in \(header): \(unused)")
  }

  @Test func removedHelpersStayRemoved() throws {
    let swift = try Self.sources("Sources", ["swift"])
    for name in ["primaryCapital", "var allNames", "SQLiteConnection"] {
      #expect(!swift.contains(name), "\(name) is back")
    }
  }

  /// The shell's context uses the cache the store was loaded from, not a second one of its own.
  @Test func theContextKeepsTheCacheItIsGiven() throws {
    let cli = try Self.text("Sources/ctry/CtryCLI.swift")
    #expect(cli.contains("cache: cache,"))
  }
}
