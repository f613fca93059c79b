import CountryKit
import Testing

@Suite struct AppPathsTests {
  @Test func followsXDGWithDefaults() {
    let paths = AppPaths.resolve(environment: ["HOME": "/home/ada"])
    #expect(paths.favoritesFile == "/home/ada/.local/share/ctry/favorites.json")
    #expect(paths.historyFile == "/home/ada/.local/state/ctry/history")
    #expect(paths.cacheFile == "/home/ada/.cache/ctry/catalog.sqlite")
    #expect(paths.initScript == "/home/ada/.config/ctry/init.ctry")
  }

  @Test func honoursXDGVariablesAndTheOverride() {
    let paths = AppPaths.resolve(environment: ["HOME": "/h", "XDG_DATA_HOME": "/d", "XDG_STATE_HOME": "relative"])
    #expect(paths.dataDirectory == "/d/ctry")
    #expect(paths.stateDirectory == "/h/.local/state/ctry", "relative XDG paths are ignored, as the spec says")
    #expect(AppPaths.resolve(environment: ["HOME": "/h"], override: "/tmp/x") == AppPaths(single: "/tmp/x"))
  }
}
