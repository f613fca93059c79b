// swift-tools-version: 6.3
import Foundation
import PackageDescription

/// The settings of every shipped module.
///
/// - They import FoundationEssentials, not Foundation (which links ICU). With MemberImportVisibility
///   a file sees only the members of modules it imports itself, so a Foundation API such as
///   `String.trimmingCharacters(in:)` does not creep in through a dependency's import.
/// - Concrete generic types get their metadata from the types' accessor functions, which take the
///   conformances as arguments, not from their mangled names, whose generic requirements the runtime
///   checks by scanning every protocol conformance in the binary, once for each new type (the
///   Codable containers of the model's types, above all). The price is a slightly larger binary.
let shipped: [SwiftSetting] = [
  .enableUpcomingFeature("MemberImportVisibility"),
  .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

/// `ctry` links libstdc++ from its static archive on Linux: `Sources/ctry/Linker/libstdc++.so` is a
/// linker script naming it, and that directory is searched first, so the dynamic loader binds none of
/// its symbols at start. lld links it, so that no libstdc++ member that calls `arc4random` (glibc 2.36)
/// comes in (Sources/ctry/Linker/README.md).
let linking: [LinkerSetting] = [
  .unsafeFlags(
    [
      "-use-ld=lld", "-L",
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Sources/ctry/Linker").path,
    ],
    .when(platforms: [.linux]))
]

let package = Package(
  name: "ctry",
  products: [
    .executable(name: "ctry", targets: ["ctry"]),
    .library(name: "CountryKit", targets: ["CountryKit"]),
  ],
  dependencies: [],
  targets: [
    // libedit, loaded with dlopen when the shell starts (its headers come from libedit-dev).
    .target(
      name: "CLibedit",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
    ),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // glibc's malloc tuning, set by `ctry` at start-up.
    .systemLibrary(name: "CMalloc"),
    .target(
      name: "CCurl",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
    ),
    // The layers, lowest first; each module's README.md says its job and what it may import.
    .target(name: "CtrySystem", exclude: ["README.md"], swiftSettings: shipped),
    .target(name: "CountryModel", dependencies: ["CtrySystem"], exclude: ["README.md"], swiftSettings: shipped),
    .target(
      name: "CountryStorage", dependencies: ["CountryModel", "CtrySystem", "CSQLite"], exclude: ["README.md"],
      swiftSettings: shipped),
    .target(
      name: "CountryNetwork", dependencies: ["CountryModel", "CtrySystem", "CCurl"], exclude: ["README.md"],
      swiftSettings: shipped),
    // The shipped data files are not SwiftPM resources, because a resource bundle's generated accessor
    // imports Foundation and would link ICU (about 40 MB) into the binary. BundledDataset finds them.
    .target(
      name: "CountryKit",
      dependencies: ["CountryModel", "CountryStorage", "CountryNetwork", "CtrySystem"],
      exclude: ["Resources", "README.md"],
      swiftSettings: shipped
    ),
    // The shell's parts, lowest first: output, grammar, the interpreter (CtryShell), the terminal.
    .target(
      name: "CtryOutput",
      dependencies: ["CountryKit", "CountryModel", "CountryStorage", "CountryNetwork", "CtrySystem"],
      exclude: ["README.md"],
      swiftSettings: shipped
    ),
    .target(
      name: "CtryGrammar",
      dependencies: ["CountryKit", "CountryModel", "CountryStorage", "CountryNetwork", "CtrySystem", "CtryOutput"],
      exclude: ["README.md"],
      swiftSettings: shipped
    ),
    .target(
      name: "CtryShell",
      dependencies: [
        "CountryKit", "CountryModel", "CountryStorage", "CountryNetwork", "CtrySystem", "CtryOutput", "CtryGrammar",
      ],
      exclude: ["README.md"],
      swiftSettings: shipped
    ),
    .target(
      name: "CtryTerminal",
      dependencies: [
        "CountryKit", "CountryModel", "CountryStorage", "CountryNetwork", "CtrySystem", "CtryOutput", "CtryGrammar",
        "CtryShell", "CLibedit",
      ],
      exclude: ["README.md"],
      swiftSettings: shipped
    ),
    .target(
      name: "CtryCommands",
      dependencies: ["CountryKit", "CtryOutput", "CtryGrammar", "CtryShell"],
      exclude: ["README.md"],
      swiftSettings: shipped
    ),
    .executableTarget(
      name: "ctry",
      dependencies: [
        "CountryKit", "CtryOutput", "CtryGrammar", "CtryShell", "CtryTerminal", "CtryCommands", "CMalloc",
      ],
      exclude: ["Linker", "README.md"],
      swiftSettings: shipped,
      linkerSettings: linking
    ),
    .executableTarget(
      name: "CtryBench",
      dependencies: ["CountryKit", "CtryOutput", "CtryGrammar", "CtryShell", "CtryCommands"],
      path: "Sources/CtryBench",
      exclude: ["README.md"]),
    .target(
      name: "CtryTestSupport",
      dependencies: ["CountryKit", "CtryOutput", "CtryGrammar", "CtryShell", "CtryCommands"],
      path: "Tests/CtryTestSupport",
      exclude: ["README.md"]
    ),
    // One test target per module, named after it.
    .testTarget(name: "CtrySystemTests", dependencies: ["CtrySystem", "CtryTestSupport"]),
    .testTarget(name: "CountryModelTests", dependencies: ["CountryModel", "CtryTestSupport"]),
    .testTarget(name: "CountryStorageTests", dependencies: ["CountryStorage", "CtryTestSupport"]),
    .testTarget(name: "CountryNetworkTests", dependencies: ["CountryNetwork", "CtryTestSupport"]),
    .testTarget(name: "CountryKitTests", dependencies: ["CountryKit", "CtryTestSupport"]),
    .testTarget(name: "CtryOutputTests", dependencies: ["CtryOutput", "CtryTestSupport"]),
    .testTarget(name: "CtryGrammarTests", dependencies: ["CtryGrammar", "CtryTestSupport"]),
    .testTarget(name: "CtryShellTests", dependencies: ["CtryShell", "CountryKit", "CtryTestSupport"]),
    .testTarget(name: "CtryTerminalTests", dependencies: ["CtryTerminal", "CtryTestSupport"]),
    .testTarget(
      name: "CtryCommandsTests", dependencies: ["CtryCommands", "CtryShell", "CountryKit", "CtryTestSupport"]),
    // Runs the built binary; depending on "ctry" makes `swift test` build it first, never test a stale one.
    .testTarget(name: "ctryTests", dependencies: ["ctry", "CountryKit", "CtryTestSupport"]),
    // The test support tested on its own: the fake REST Countries server, the run directory, and the
    // process runner (which runs the built binary, so this target depends on "ctry" too).
    .testTarget(name: "CtryTestSupportTests", dependencies: ["CtryTestSupport", "ctry"]),
  ]
)

// The libFuzzer targets (Fuzz/Sources), only with CTRY_FUZZ=1, which Scripts/fuzz sets together with
// -sanitize=fuzzer,address: the normal build never pays for them, and inside this package they see
// the modules' `package` declarations.
if ProcessInfo.processInfo.environment["CTRY_FUZZ"] == "1" {
  package.targets += [
    .target(name: "FuzzSupport", path: "Fuzz/Sources/FuzzSupport"),
    .executableTarget(
      name: "FuzzCommandLine", dependencies: ["FuzzSupport", "CtryGrammar", "CtryShell", "CtryCommands"],
      path: "Fuzz/Sources/FuzzCommandLine"),
    .executableTarget(
      name: "FuzzScript",
      dependencies: ["FuzzSupport", "CtryOutput", "CtryGrammar", "CtryShell", "CtryCommands", "CountryKit"],
      path: "Fuzz/Sources/FuzzScript"),
    .executableTarget(
      name: "FuzzPayload", dependencies: ["FuzzSupport", "CountryKit"], path: "Fuzz/Sources/FuzzPayload"),
  ]
}
