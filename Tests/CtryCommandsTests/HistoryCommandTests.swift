import CtryTestSupport
import Testing

@Suite struct HistoryCommandTests {
  @Test func listsNumberedLines() async {
    let shell = TestShell(format: .plain)
    let history = shell.engine.context.history
    for line in ["details Egypt", "search x", "borders Peru"] { history.record(line) }
    #expect(await shell.run("history").out == "1\tdetails Egypt\n2\tsearch x\n3\tborders Peru\n")
    #expect(await shell.run("history 2").out == "2\tsearch x\n3\tborders Peru\n")
    #expect(await shell.run("history -1").status == 2)
  }
}
