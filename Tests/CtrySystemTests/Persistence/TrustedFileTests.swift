import CtrySystem
import CtryTestSupport
import Foundation
import Testing

/// Configuration files others could have written are refused, as ssh does.
@Suite struct TrustedFileTests {
  let directory = TestPaths.temporaryDirectory()

  func file(mode: Int, directoryMode: Int = 0o755) throws -> String {
    let path = "\(directory)/init.ctry"
    try Data("set format json\n".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    try FileManager.default.setAttributes([.posixPermissions: directoryMode], ofItemAtPath: directory)
    return path
  }

  @Test func theUsersOwnFileIsRead() throws {
    #expect(TrustedFile.refusal(try file(mode: 0o644)) == nil)
    #expect(TrustedFile.refusal(try file(mode: 0o600, directoryMode: 0o775)) == nil, "per-user groups")
    #expect(TrustedFile.refusal("\(directory)/absent") == nil)
  }

  @Test func aSecretOthersCanReadIsRefusedWithTheChmodThatFixesIt() throws {
    let readable = try file(mode: 0o640)
    #expect(TrustedFile.refusal(readable) == nil, "not a secret")
    #expect(
      TrustedFile.refusal(readable, secret: true)
        == "ctry: ignoring \(readable): bad permissions (0640 is open to others: chmod 600 \(readable))")
    #expect(TrustedFile.refusal(try file(mode: 0o600), secret: true) == nil)
    #expect(TrustedFile.refusal(try file(mode: 0o400), secret: true) == nil)
  }

  /// A secret is read only from a file of its own, never through a link (wherever the link points,
  /// however private its target); a start-up file may be a link, as dotfiles often are.
  @Test func aSecretThatIsASymbolicLinkIsRefused() throws {
    let target = try file(mode: 0o600)
    let link = "\(directory)/api-key"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(
      TrustedFile.refusal(link, secret: true)
        == "ctry: ignoring \(link): it is a symbolic link (a secret is read only from a file of its own: "
        + "put the file itself there)")
    #expect(TrustedFile.refusal(link) == nil, "not a secret")
  }

  @Test func aFileOrDirectoryOthersCanWriteIsRefused() throws {
    let groupWritable = try file(mode: 0o664)
    #expect(
      TrustedFile.refusal(groupWritable)
        == "ctry: ignoring \(groupWritable): bad permissions (writable by others: chmod go-w \(groupWritable))")
    let inOpenDirectory = try file(mode: 0o644, directoryMode: 0o777)
    #expect(
      TrustedFile.refusal(inOpenDirectory)
        == "ctry: ignoring \(inOpenDirectory): bad permissions (writable by others: chmod o-w \(directory)) on its directory"
    )
  }
}
