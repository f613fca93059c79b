import CountryStorage
import Testing

@Suite struct AppPathsTests {
  @Test func followsXDGWithDefaults() throws {
    let paths = try #require(AppPaths.resolve(environment: ["HOME": "/home/ada"]))
    #expect(paths.stateDatabase == "/home/ada/.local/share/ctry/state.sqlite")
    #expect(paths.historyFile == "/home/ada/.local/state/ctry/history")
    #expect(paths.cacheFile == "/home/ada/.cache/ctry/catalog.sqlite")
    #expect(paths.initScript == "/home/ada/.config/ctry/init.ctry")
  }

  @Test func honoursXDGVariablesAndTheOverride() throws {
    let paths = try #require(
      AppPaths.resolve(environment: ["HOME": "/h", "XDG_DATA_HOME": "/d", "XDG_STATE_HOME": "relative"]))
    #expect(paths.dataDirectory == "/d/ctry")
    #expect(paths.stateDirectory == "/h/.local/state/ctry", "relative XDG paths are ignored, as the spec says")
    #expect(AppPaths.resolve(environment: ["HOME": "/h"], override: "/tmp/x") == AppPaths(single: "/tmp/x"))
  }

  /// Never /tmp.
  @Test func withoutHOMEItIsTheAccountsHomeAndWithoutThatNone() throws {
    let account = try #require(AppPaths.resolve(environment: [:], accountHome: { "/home/ada" }))
    #expect(account.initScript == "/home/ada/.config/ctry/init.ctry")
    #expect(AppPaths.resolve(environment: ["HOME": ""], accountHome: { nil }) == nil)
    #expect(AppPaths.resolve(environment: ["HOME": "relative"], accountHome: { "" }) == nil)
    #expect(AppPaths.resolve(environment: [:], accountHome: { nil }) == nil)
  }
}
