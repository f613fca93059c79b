/// Credentials taken out of URLs before they are shown or stored.
///
/// A server URL may carry a user and password (`https://ada:pw@host/`), a key in its query
/// (`?key=…`, `&token=…`, `api_key=…`), or be signed, with the signature, credential and token in
/// its query (`X-Amz-Signature=…`, `X-Goog-Credential=…`, Azure's `sig=…`). The request itself uses the URL as given; everything printed
/// (status, refresh messages, errors, `set api`, script echo) and everything stored (cache metadata,
/// the snapshot, history) goes through `redact`, which keeps the scheme, host, port, path and the
/// other query parameters, so two URLs for the same server still compare equal once redacted.
public enum URLRedaction {
  /// What stands for a removed secret.
  public static let mask = "***"

  /// Query parameter names whose values are secrets (compared case-insensitively, `-` and `_` alike);
  /// so are names that end in one of `secretEndings`.
  static let secretNames: Set<String> = [
    "key", "apikey", "api_key", "token", "access_token", "auth", "auth_token", "password", "passwd", "pass",
    "secret", "client_secret", "signature", "sig", "session", "sessionid", "credentials", "bearer", "jwt",
    "authorization", "hmac", "awsaccesskeyid", "googleaccessid",
  ]

  /// Endings of secret names: `my_key`, `x_amz_security_token`, `client_secret`, `db_password`, and
  /// the parts of a signed URL, `x_amz_signature`, `x_goog_credential`.
  static let secretEndings = ["_key", "_token", "secret", "password", "signature", "credential", "credentials"]

  /// `url` with its userinfo and secret query values replaced by `***`; other text is unchanged.
  public static func redact(_ url: String) -> String {
    guard let schemeEnd = url.firstRange(of: "://") else { return redactQuery(url) }
    let authorityStart = schemeEnd.upperBound
    let rest = url[authorityStart...]
    let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? url.endIndex
    var authority = String(url[authorityStart..<authorityEnd])
    if let at = authority.lastIndex(of: "@") {
      authority = mask + authority[at...]
    }
    return String(url[..<authorityStart]) + authority + redactQuery(String(url[authorityEnd...]))
  }

  /// Whether `url` holds anything `redact` would hide.
  public static func hasSecrets(_ url: String) -> Bool { redact(url) != url }

  /// Every URL-looking word of a command line redacted: for echoing a script line.
  public static func redactingURLs(in line: String) -> String {
    guard line.contains("://") || line.contains("=") else { return line }
    var out = ""
    var word = ""
    for character in line {
      if character == " " || character == "\t" {
        out += redactWord(word) + String(character)
        word = ""
      } else {
        word.append(character)
      }
    }
    return out + redactWord(word)
  }

  /// Whether a command line holds a URL with credentials: such lines are kept out of history.
  public static func lineHasSecrets(_ line: String) -> Bool { redactingURLs(in: line) != line }

  private static func redactWord(_ word: String) -> String {
    word.contains("://") || word.contains("?") ? redact(word) : word
  }

  /// The query part (from `?`) with secret values masked; the fragment is kept.
  private static func redactQuery(_ tail: String) -> String {
    guard let question = tail.firstIndex(of: "?") else { return tail }
    let fragmentStart = tail[question...].firstIndex(of: "#") ?? tail.endIndex
    let query = tail[tail.index(after: question)..<fragmentStart]
    let parameters = query.split(separator: "&", omittingEmptySubsequences: false).map { parameter -> String in
      guard let equals = parameter.firstIndex(of: "=") else { return String(parameter) }
      let name = parameter[..<equals].lowercased().replacing("-", with: "_")
      let value = parameter[parameter.index(after: equals)...]
      guard !value.isEmpty, isSecretName(name) else { return String(parameter) }
      return parameter[..<equals] + "=" + mask
    }
    return String(tail[...question]) + parameters.joined(separator: "&") + String(tail[fragmentStart...])
  }

  static func isSecretName(_ name: String) -> Bool {
    let plain = name.replacing("%5f", with: "_").replacing("%2d", with: "_")
    return secretNames.contains(plain) || secretEndings.contains { plain.hasSuffix($0) }
  }
}
