import CtryTestSupport
import Foundation
import Testing

/// Scripts/package (slow: about 10 s, plus lintian's): the .deb and the tarball, installed as a user
/// would (`dpkg-deb -x`, `tar -xzf`) into temporary roots, and the installed ctry run from there.
///
/// It packages the debug binary `swift build` made for the tests (building a release binary would take
/// minutes), or `CTRY_PACKAGE_TEST_BINARY` when set (e.g. `.build/release/ctry`). The debug binary
/// links the toolchain's Swift runtime: Scripts/package says so, leaves those libraries out of
/// Depends, and lintian flags their RUNPATH; a `--static-swift-stdlib` build has neither.
@Suite(.ownThread, .tags(.slow)) struct PackageTests {
  static let maintainer = (name: "Package Tester", email: "tester@example.org")

  static var binary: String {
    let configured = ProcessInfo.processInfo.environment["CTRY_PACKAGE_TEST_BINARY"] ?? ""
    return configured.isEmpty ? TestPaths.binary : configured
  }

  /// The version ctry prints first, which names both artefacts.
  static let version: String = {
    let result = try? ExternalTool.run(binary, ["--version"])
    return result?.out.split(separator: "\n").first.map(String.init) ?? ""
  }()

  /// `dpkg --print-architecture` and the matching machine name of the tarball.
  static let architecture: (debian: String, machine: String) = {
    let result = try? ExternalTool.run("/usr/bin/dpkg", ["--print-architecture"])
    let debian = result?.out.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    return (debian, debian == "arm64" ? "aarch64" : "x86_64")
  }()

  /// The libraries the packaged binary links (`readelf -d`), and its RUNPATH.
  static let dynamicSection: (needed: [String], runpath: String) = {
    let result = try? ExternalTool.run("/usr/bin/readelf", ["-d", binary])
    var needed: [String] = []
    var runpath = ""
    for line in (result?.out ?? "").split(separator: "\n") {
      guard let open = line.lastIndex(of: "["), let close = line.lastIndex(of: "]"), open < close else { continue }
      let value = String(line[line.index(after: open)..<close])
      if line.contains("(NEEDED)") { needed.append(value) }
      if line.contains("(RUNPATH)") || line.contains("(RPATH)") { runpath = value }
    }
    return (needed, runpath)
  }()

  /// The libraries of the Swift toolchain (a debug build links them; a static-stdlib one does not).
  static func isToolchainLibrary(_ soname: String) -> Bool {
    ["libswift", "libFoundation", "libdispatch", "libBlocksRuntime", "lib_Foundation"].contains {
      soname.hasPrefix($0)
    }
  }

  static func runPackage(_ output: String, extra: [String] = []) throws -> ExternalTool.Result {
    var environment = ExternalTool.isolatedEnvironment(TestPaths.temporaryDirectory())
    environment["DEBFULLNAME"] = maintainer.name
    environment["DEBEMAIL"] = maintainer.email
    return try ExternalTool.run(
      "/bin/bash",
      ["\(TestPaths.repository)/Scripts/package", "--binary", binary, "--output", output, "--no-lintian"] + extra,
      environment: environment, timeout: 300)
  }

  /// One run of Scripts/package for every test here (nil when it failed: `packageSaysWhatItBuilt` says why).
  struct Artefacts: Sendable {
    var run: ExternalTool.Result
    var output: String
    var deb: String { "\(output)/ctry_\(PackageTests.version)_\(PackageTests.architecture.debian).deb" }
    var tarball: String {
      "\(output)/ctry-\(PackageTests.version)-linux-\(PackageTests.architecture.machine).tar.gz"
    }
  }

  static let artefacts: Artefacts? = {
    let output = TestPaths.temporaryDirectory() + "/out put"
    guard let run = try? runPackage(output) else { return nil }
    return Artefacts(run: run, output: output)
  }()

  static func built() throws -> Artefacts {
    let built = try #require(artefacts, "Scripts/package could not be started")
    try #require(built.run.status == 0, "Scripts/package failed: \(built.run.err)")
    return built
  }

  /// Runs an installed ctry from an unrelated directory, with HOME and the XDG directories there.
  static func ctry(_ program: String, _ arguments: [String], searchPath: String? = nil) throws
    -> ExternalTool.Result
  {
    let elsewhere = TestPaths.temporaryDirectory()
    var environment = ExternalTool.isolatedEnvironment(elsewhere)
    if let searchPath { environment["PATH"] = searchPath + ":/usr/bin:/bin" }
    return try ExternalTool.run(program, arguments, environment: environment, directory: elsewhere)
  }

  /// Completes `ctry details Egy` through an installed bash completion script, as bash does on Tab,
  /// with the installed ctry first on PATH.
  static func bashCompletes(script: String, binDirectory: String) throws -> ExternalTool.Result {
    let driver = """
      source "$1" || exit 3
      spec=$(complete -p ctry) || exit 4
      function=${spec##*-F }
      function=${function%% *}
      COMP_WORDS=(ctry details Egy)
      COMP_CWORD=2
      COMP_LINE="ctry details Egy"
      COMP_POINT=${#COMP_LINE}
      COMPREPLY=()
      "$function" ctry Egy details
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let home = TestPaths.temporaryDirectory()
    var environment = ExternalTool.isolatedEnvironment(home)
    environment["PATH"] = binDirectory + ":/usr/bin:/bin"
    return try ExternalTool.run(
      "/bin/bash", ["-c", driver, "bash", script], environment: environment, directory: home)
  }

  /// Renders an installed man page with `man -l` (or mandoc), as `man ctry` would show it.
  static func rendersManPage(_ page: String) throws {
    if let man = ExternalTool.find("man") {
      var environment = ExternalTool.isolatedEnvironment(TestPaths.temporaryDirectory())
      environment["MANPAGER"] = "cat"
      environment["MANWIDTH"] = "80"
      let shown = try ExternalTool.run(man, ["-l", page], environment: environment)
      #expect(shown.status == 0 && shown.out.contains("NAME") && shown.out.contains("ctry"), "man -l: \(shown.err)")
    } else {
      let mandoc = try #require(ExternalTool.find("mandoc"), "neither man nor mandoc is installed")
      let shown = try ExternalTool.run(mandoc, ["-T", "utf8", page])
      #expect(shown.status == 0 && shown.out.contains("ctry"), "mandoc: \(shown.err)")
    }
  }

  @Test func packageSaysWhatItBuilt() throws {
    let built = try Self.built()
    try #require(!Self.version.isEmpty, "\(Self.binary) --version printed nothing")
    for artefact in [built.deb, built.tarball] {
      #expect(FileManager.default.fileExists(atPath: artefact), "no \(artefact); it said:\n\(built.run.out)")
      #expect(built.run.out.contains("built \(artefact) ("), "it does not say it built \(artefact)")
    }
    let linksToolchain = Self.dynamicSection.needed.contains(where: Self.isToolchainLibrary)
    #expect(
      built.run.err.contains("no Debian package provides") == linksToolchain,
      "a binary linked to the toolchain's Swift runtime is named, and only such a one:\n\(built.run.err)")
  }

  @Test func debianPackageFields() throws {
    let built = try Self.built()
    func field(_ name: String) throws -> String {
      let result = try ExternalTool.run("/usr/bin/dpkg-deb", ["--field", built.deb, name])
      return result.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    #expect(try field("Package") == "ctry")
    #expect(try field("Version") == Self.version)
    #expect(try field("Architecture") == Self.architecture.debian)
    #expect(try field("Maintainer") == "\(Self.maintainer.name) <\(Self.maintainer.email)>")
    let description = try field("Description")
    let synopsis = description.split(separator: "\n").first.map(String.init) ?? ""
    #expect(!synopsis.isEmpty && synopsis.count < 80 && !synopsis.hasSuffix("."), "synopsis: \(synopsis)")
    #expect(description.split(separator: "\n").count > 2, "a long description follows the synopsis")

    // Depends: a versioned entry for each Debian library the binary links, and libcurl and libedit,
    // which ctry loads at run time under the names in Sources/CCurl/ccurl.c and Sources/CLibedit/clibedit.c.
    let depends = try field("Depends").components(separatedBy: ", ")
    let packageOf = [
      "libc.so.6": "libc6", "libm.so.6": "libc6", "ld-linux-x86-64.so.2": "libc6", "ld-linux-aarch64.so.1": "libc6",
      "libedit.so.2": "libedit2", "libsqlite3.so.0": "libsqlite3-0", "libstdc++.so.6": "libstdc++6",
      "libgcc_s.so.1": "libgcc-s1",
    ]
    for soname in Self.dynamicSection.needed where !Self.isToolchainLibrary(soname) {
      let package = try #require(packageOf[soname], "the test does not know \(soname)'s package")
      #expect(
        depends.contains { $0.hasPrefix("\(package) (>= ") }, "Depends lacks \(package) for \(soname): \(depends)")
    }
    for package in ["libc6", "libedit2", "libsqlite3-0"] {
      #expect(depends.contains { $0.hasPrefix("\(package) (>= ") }, "Depends lacks \(package): \(depends)")
    }
    #expect(!depends.contains { $0.contains("swift") }, "\(depends)")
    #expect(!Self.dynamicSection.needed.contains("libedit.so.2"), "libedit is loaded when the shell starts, not linked")
    let clibedit = try String(contentsOfFile: "\(TestPaths.repository)/Sources/CLibedit/clibedit.c", encoding: .utf8)
    #expect(clibedit.contains("dlopen(\"libedit.so.2\""), "clibedit.c loads another library now")
    let ccurl = try String(contentsOfFile: "\(TestPaths.repository)/Sources/CCurl/ccurl.c", encoding: .utf8)
    #expect(ccurl.contains("{\"libcurl.so.4\", \"libcurl-gnutls.so.4\"}"), "ccurl.c loads other libraries now")
    #expect(
      depends.contains { $0.hasPrefix("libcurl4 (>= ") && $0.contains(" | libcurl3-gnutls") }, "\(depends)")

    let info = try ExternalTool.run("/usr/bin/dpkg-deb", ["--info", built.deb])
    #expect(info.status == 0 && info.out.contains(" control") && info.out.contains(" md5sums"), "\(info.out)")
  }

  @Test func debianPackageInstallsAndRuns() throws {
    let built = try Self.built()
    let root = TestPaths.temporaryDirectory()
    let extracted = try ExternalTool.run("/usr/bin/dpkg-deb", ["-x", built.deb, root])
    try #require(extracted.status == 0, "dpkg-deb -x: \(extracted.err)")
    for file in [
      "usr/bin/ctry", "usr/share/ctry/countries.json", "usr/share/ctry/outlines.txt", "usr/share/ctry/zones.txt",
      "usr/share/ctry/holidays.tsv", "usr/share/ctry/subdivisions.tsv", "usr/share/ctry/flags.txt",
      "usr/share/ctry/names.tsv",
      "usr/share/man/man1/ctry.1.gz",
      "usr/share/bash-completion/completions/ctry", "usr/share/zsh/vendor-completions/_ctry",
      "usr/share/fish/vendor_completions.d/ctry.fish", "usr/share/doc/ctry/copyright",
      "usr/share/doc/ctry/changelog.gz",
    ] {
      #expect(FileManager.default.fileExists(atPath: "\(root)/\(file)"), "the .deb lacks /\(file)")
    }
    let copyright = try String(contentsOfFile: "\(root)/usr/share/doc/ctry/copyright", encoding: .utf8)
    for licence in ["MIT License", "CC BY 4.0", "Unicode License v3", "LGPL-2.1", "public domain"] {
      #expect(copyright.contains(licence), "the copyright file does not mention \(licence)")
    }

    let egypt = try Self.ctry("\(root)/usr/bin/ctry", ["-c", "details Egypt", "--format", "plain"])
    #expect(egypt.status == 0 && egypt.out.contains("Cairo"), "details Egypt: \(egypt.err)")
    let completed = try Self.bashCompletes(
      script: "\(root)/usr/share/bash-completion/completions/ctry", binDirectory: "\(root)/usr/bin")
    #expect(completed.status == 0 && completed.out == "Egypt\n", "bash completion: \(completed.out) \(completed.err)")
    try Self.rendersManPage("\(root)/usr/share/man/man1/ctry.1.gz")
  }

  @Test func tarballIsRelocatable() throws {
    let built = try Self.built()
    let listing = try ExternalTool.run("/bin/tar", ["-tzf", built.tarball])
    try #require(listing.status == 0, "tar -tzf: \(listing.err)")
    let top = "ctry-\(Self.version)/"
    let entries = listing.out.split(separator: "\n").map(String.init)
    #expect(entries.allSatisfy { $0.hasPrefix(top) }, "everything is under \(top)")
    for file in [
      "bin/ctry", "share/ctry/countries.json", "share/ctry/outlines.txt", "share/ctry/zones.txt",
      "share/ctry/holidays.tsv", "share/ctry/subdivisions.tsv", "share/ctry/flags.txt", "share/ctry/names.tsv",
      "share/man/man1/ctry.1",
      "share/bash-completion/completions/ctry", "share/zsh/site-functions/_ctry",
      "share/fish/vendor_completions.d/ctry.fish", "LICENSE", "README",
    ] {
      #expect(entries.contains(top + file), "the tarball lacks \(top)\(file)")
    }

    // Extracted anywhere (here a path with a space), run from elsewhere, by its path and through a
    // symlink on PATH (~/.local/bin/ctry -> …/bin/ctry): the data is found relative to the binary.
    let opt = TestPaths.temporaryDirectory() + "/o p t"
    try FileManager.default.createDirectory(atPath: opt, withIntermediateDirectories: true)
    let extracted = try ExternalTool.run("/bin/tar", ["-xzf", built.tarball, "-C", opt])
    try #require(extracted.status == 0, "tar -xzf: \(extracted.err)")
    let prefix = "\(opt)/ctry-\(Self.version)"
    let egypt = try Self.ctry("\(prefix)/bin/ctry", ["-c", "details Egypt", "--format", "plain"])
    #expect(egypt.status == 0 && egypt.out.contains("Cairo"), "details Egypt: \(egypt.err)")

    let bin = TestPaths.temporaryDirectory() + "/.local/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: "\(bin)/ctry", withDestinationPath: "\(prefix)/bin/ctry")
    let viaLink = try Self.ctry(
      "/usr/bin/env", ["ctry", "-c", "map Egypt --width 40", "--format", "plain"], searchPath: bin)
    #expect(viaLink.status == 0 && viaLink.out.contains("◉ Cairo"), "ctry through a symlink: \(viaLink.err)")

    let completed = try Self.bashCompletes(
      script: "\(prefix)/share/bash-completion/completions/ctry", binDirectory: "\(prefix)/bin")
    #expect(completed.status == 0 && completed.out == "Egypt\n", "bash completion: \(completed.out) \(completed.err)")
    try Self.rendersManPage("\(prefix)/share/man/man1/ctry.1")
  }

  @Test(
    .enabled(if: ExternalTool.find("lintian") != nil, "lintian is not installed (Scripts/setup --test installs it)"))
  func lintianFindsNoErrorsOrWarnings() throws {
    let built = try Self.built()
    let lintian = try #require(ExternalTool.find("lintian"))
    let result = try ExternalTool.run(lintian, [built.deb], timeout: 300)
    let findings = result.out.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("E:") || $0.hasPrefix("W:")
    }
    // A debug build's RUNPATH names the toolchain (e.g. /opt/swift/usr/lib/swift/linux): expected there only.
    let runpathOutside = Self.dynamicSection.runpath.split(separator: ":").contains { !$0.hasPrefix("$ORIGIN") }
    let unexpected = findings.filter { !(runpathOutside && $0.contains("custom-library-search-path")) }
    #expect(unexpected.isEmpty, "lintian \(built.deb):\n\(result.out)\(result.err)")
  }

  @Test func packagingAgainGivesTheSameBytes() throws {
    let built = try Self.built()
    let before = [built.deb, built.tarball].map { FileManager.default.contents(atPath: $0) }
    let again = try Self.runPackage(built.output)
    try #require(again.status == 0, "Scripts/package, second run: \(again.err)")
    let after = [built.deb, built.tarball].map { FileManager.default.contents(atPath: $0) }
    #expect(before == after && before.allSatisfy { $0 != nil }, "a second run changed the artefacts")
  }

  @Test func aMissingToolIsOneLine() throws {
    // Every program of /usr/bin and /bin but dpkg-shlibdeps.
    let tools = TestPaths.temporaryDirectory()
    for directory in ["/usr/bin", "/bin"] {
      for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      where name != "dpkg-shlibdeps" && !FileManager.default.fileExists(atPath: "\(tools)/\(name)") {
        try FileManager.default.createSymbolicLink(
          atPath: "\(tools)/\(name)", withDestinationPath: "\(directory)/\(name)")
      }
    }
    var environment = ExternalTool.isolatedEnvironment(TestPaths.temporaryDirectory())
    environment["PATH"] = tools
    let result = try ExternalTool.run(
      "/bin/bash",
      [
        "\(TestPaths.repository)/Scripts/package", "--binary", Self.binary, "--output", TestPaths.temporaryDirectory(),
      ], environment: environment)
    #expect(result.status == 1)
    #expect(result.err == "package: dpkg-shlibdeps is missing: run Scripts/setup --package\n", "\(result.err)")
  }

  /// README's Install section names this version's artefacts.
  @Test func readmeNamesTheseArtefacts() throws {
    let readme = try String(contentsOfFile: "\(TestPaths.repository)/README.md", encoding: .utf8)
    try #require(!Self.version.isEmpty)
    for name in [
      "ctry_\(Self.version)_amd64.deb", "ctry-\(Self.version)-linux-x86_64.tar.gz", "ctry-\(Self.version)/bin",
    ] {
      #expect(readme.contains(name), "README.md does not name \(name): update its Install section")
    }
  }

  @Test func refusesUnknownArguments() throws {
    let result = try ExternalTool.run("/bin/bash", ["\(TestPaths.repository)/Scripts/package", "--frobnicate"])
    #expect(result.status == 2)
    #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
  }
}
