import CtryTestSupport
import Foundation
import Testing

/// The test process's temporary directories live under one root that does not outlive the run.
@Suite struct TestRunDirectoryTests {
  @Test func temporaryDirectoriesAreInsideThisProcesssRoot() {
    let directory = TestPaths.temporaryDirectory()
    #expect(directory.hasPrefix(TestRunDirectory.root + "/"))
    #expect(TestRunDirectory.root.hasSuffix("/ctry-tests-\(getpid())"))
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue)
  }

  @Test func aDeadRunsRootIsSweptAndALiveOnesIsKept() throws {
    let base = TestPaths.temporaryDirectory() + "/"
    // 4,194,304 is Linux's largest pid, so 9,999,999 is no process; pid 1 always runs.
    for name in ["ctry-tests-9999999", "ctry-tests-1", "ctry-tests-x", "other-9999999"] {
      try FileManager.default.createDirectory(atPath: base + name + "/a", withIntermediateDirectories: true)
    }
    TestRunDirectory.sweepDeadRuns(in: base)
    let left = try FileManager.default.contentsOfDirectory(atPath: base).sorted()
    #expect(left == ["ctry-tests-1", "ctry-tests-x", "other-9999999"])
  }
}
