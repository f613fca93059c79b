// swift-tools-version: 6.0
// libFuzzer targets for ctry, kept out of the main package so that its build never pays for them.
// Build and run them with Scripts/fuzz (it passes -sanitize=fuzzer,address and a toolset that links
// with lld).
import PackageDescription

let package = Package(
  name: "CtryFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "ctry", path: "..")],
  targets: [
    .target(name: "FuzzSupport", path: "Sources/FuzzSupport"),
    .executableTarget(
      name: "FuzzCommandLine",
      dependencies: ["FuzzSupport", .product(name: "CtryShell", package: "ctry"),
        .product(name: "CtryCommands", package: "ctry")]),
    .executableTarget(
      name: "FuzzScript",
      dependencies: ["FuzzSupport", .product(name: "CtryShell", package: "ctry"),
        .product(name: "CtryCommands", package: "ctry"), .product(name: "CountryKit", package: "ctry")]),
    .executableTarget(
      name: "FuzzPayload",
      dependencies: ["FuzzSupport", .product(name: "CountryKit", package: "ctry")]),
  ]
)
