import CtryShell
import CtryTestSupport
import Foundation
import Testing

/// Where ctry looks for `ctry-NAME` plugins: PATH, split as a shell splits it.
@Suite struct PluginFinderTests {
  /// PATH is split at every ":" byte, and empty entries are dropped. A ":" before a combining mark
  /// still splits (a Character split took ":" + U+0301 for one character and did not).
  @Test func pathIsSplitAtEveryColonByte() {
    #expect(PluginFinder(path: nil).searchPath == [])
    #expect(PluginFinder(path: "").searchPath == [])
    #expect(PluginFinder(path: "/usr/bin").searchPath == ["/usr/bin"])
    #expect(PluginFinder(path: "::/a::/b c:").searchPath == ["/a", "/b c"])
    #expect(PluginFinder(path: "/ünï:\u{301}/x").searchPath == ["/ünï", "\u{301}/x"])
  }

  /// The first directory on PATH that holds an executable `ctry-NAME` wins.
  @Test func theFirstExecutablePluginOnPathIsFound() throws {
    let first = TestPaths.temporaryDirectory()
    let second = TestPaths.temporaryDirectory()
    for directory in [first, second] {
      #expect(FileManager.default.createFile(atPath: directory + "/ctry-hello", contents: Data("#!/bin/sh\n".utf8)))
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: second + "/ctry-hello")
    let finder = PluginFinder(path: first + ":" + second)
    #expect(finder.locate("hello")?.path == second + "/ctry-hello")
    #expect(finder.locate("hello")?.executable == true)
    #expect(finder.locate("missing") == nil)
  }
}
