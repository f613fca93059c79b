import CtrySystem
import CtryTestSupport
import Foundation
import Testing

@testable import CtryCommands

@Suite struct FavoritesCommandTests {
  @Test func addListRemove() async {
    let shell = TestShell(format: .plain)
    let added = await shell.run("favorites add Egypt new zealand JP")
    #expect(added.status == 0)
    #expect(added.out == "Added Egypt, New Zealand, Japan (3/5).\n")
    #expect(await shell.run("favorites").out == "Egypt\nNew Zealand\nJapan\n")
    #expect(await shell.run("favorites remove japan --yes").out == "Removed Japan (2/5).\n")
  }

  @Test func sixthIsRefusedAndTheFiveKept() async throws {
    let shell = TestShell(format: .plain)
    #expect(await shell.run("favorites add Egypt Germany France Japan Brazil").status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: "\(shell.directory)/state.sqlite"))
    let refused = await shell.run("favorites add Italy")
    #expect(refused.status == 1)
    #expect(refused.err.contains("limited to 5"))
    let after = try Data(contentsOf: URL(fileURLWithPath: "\(shell.directory)/state.sqlite"))
    #expect(before == after)
    #expect(await shell.run("favorites list").out.split(separator: "\n").count == 5)
  }

  @Test func duplicatesAreNotedAndIgnored() async {
    let shell = TestShell(format: .plain)
    _ = await shell.run("favorites add Egypt")
    let again = await shell.run("favorites add Egypt Peru")
    #expect(again.status == 0)
    #expect(again.err == "Egypt is already a favorite\n")
    #expect(again.out == "Added Peru (2/5).\n")
  }

  /// A country named twice in one line is added once and named once, however it is written.
  @Test func aCountryNamedTwiceIsAddedOnce() async {
    let shell = TestShell(format: .plain)
    let result = await shell.run("favorites add Egypt Egypt EG")
    #expect(result.status == 0)
    #expect(result.out == "Added Egypt (1/5).\n")
    #expect(result.err == "")
    let again = await shell.run("favorites add Egypt egypt")
    #expect(again.out == "Nothing added (1/5).\n")
    #expect(again.err == "Egypt is already a favorite\n")
  }

  @Test func anUnknownCountryChangesNothing() async {
    let shell = TestShell(format: .plain)
    let result = await shell.run("favorites add Egypt Atlantis")
    #expect(result.status == 1)
    #expect(!FileManager.default.fileExists(atPath: "\(shell.directory)/state.sqlite"))
  }

  @Test func confirmationOnATerminalAndYesElsewhere() async {
    let noTerminal = TestShell(format: .plain)
    _ = await noTerminal.run("favorites add Egypt")
    let refused = await noTerminal.run("favorites remove Egypt")
    #expect(refused.status == 1)
    #expect(refused.err == "favorites remove needs confirmation — add --yes to do it without asking\n")
    #expect(await noTerminal.run("favorites clear").status == 1)

    let saysNo = TestShell(format: .plain, answer: false, directory: noTerminal.directory)
    #expect(await saysNo.run("favorites remove Egypt").status == 1)
    #expect(await saysNo.run("favorites").out == "Egypt\n")

    let saysYes = TestShell(format: .plain, answer: true, directory: noTerminal.directory)
    #expect(await saysYes.run("favorites clear").out == "Cleared 1 favorite.\n")
  }

  @Test func emptyListShowsHome() async {
    let result = await TestShell(environment: ["TZ": "Asia/Tokyo"]).run("favorites")
    #expect(result.out.contains("No favorites yet") && result.out.contains("Japan"))
  }

  @Test func corruptFileIsMovedAsideWithAWarning() async throws {
    let shell = TestShell(format: .plain)
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: "\(shell.directory)/state.sqlite"))
    let result = await shell.run("favorites add Egypt")
    #expect(result.status == 0)
    #expect(result.err.hasPrefix("warning: ") && result.err.split(separator: "\n").count == 1, "\(result.err)")
    #expect(await shell.run("favorites").out == "Egypt\n", "the new database works, with no second warning")
    let files = try FileManager.default.contentsOfDirectory(atPath: shell.directory)
    #expect(files.contains { $0.hasPrefix("state.sqlite.corrupt-") })
  }

  @Test func unknownAction() async {
    #expect(await TestShell().run("favorites Egypt").status == 2)
  }
}

/// `favorites add` with many words.
@Suite struct FavoritesManyWordsTests {
  @Test func moreThanALineOfNamesIsRefusedAtOnce() async {
    let shell = TestShell(format: .plain)
    let words = Array(repeating: "Egypt", count: 400).joined(separator: " ")
    let started = ContinuousClock.now
    let result = await shell.run("favorites add \(words)")
    // A hang guard, not a speed test: resolving 400 words one span at a time took minutes.
    #expect(ContinuousClock.now - started < .seconds(60))
    #expect(result.status == 2)
    #expect(result.err.hasPrefix("favorites add takes at most 64 words at once, got 400"))
    #expect(!FileManager.default.fileExists(atPath: "\(shell.directory)/state.sqlite"))
  }

  @Test func sixtyFourWordsResolveWithSpansOfNames() throws {
    let chunk = [
      "united", "kingdom", "of", "great", "britain", "and", "northern", "ireland", "new", "zealand", "egypt",
    ]
    var words: [String] = []
    while words.count + chunk.count <= FavoritesCommand.maximumWords { words += chunk }
    let countries = try FavoritesCommand.resolveAll(
      words, in: TestData.catalog, names: nil, command: "favorites add", hint: ""
    )
    .countries
    #expect(
      countries.map(\.cca3) == Array(repeating: ["GBR", "NZL", "EGY"], count: words.count / chunk.count).flatMap { $0 })
  }

  @Test func cancellationStopsResolvingAndSavesNothing() async {
    let words = ["Egypt", "Japan", "new", "zealand"]
    let task = Task { () -> CtryError? in
      withUnsafeCurrentTask { $0?.cancel() }
      do {
        _ = try FavoritesCommand.resolveAll(words, in: TestData.catalog, names: nil, command: "favorites add", hint: "")
        return nil
      } catch {
        return error as? CtryError
      }
    }
    #expect(await task.value?.kind == .cancelled)
  }
}
