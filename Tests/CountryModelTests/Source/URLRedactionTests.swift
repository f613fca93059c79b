import CountryModel
import Testing

/// What `URLRedaction` hides and what it keeps.
@Suite struct URLRedactionTests {
  @Test func userinfoAndSecretQueryValuesAreMasked() {
    #expect(URLRedaction.redact("https://ada:pw@host:8080/v3.1") == "https://***@host:8080/v3.1")
    #expect(URLRedaction.redact("https://token@host/") == "https://***@host/")
    #expect(
      URLRedaction.redact("https://host/v5?key=abc&limit=10&API_KEY=x&access-token=y#top")
        == "https://host/v5?key=***&limit=10&API_KEY=***&access-token=***#top")
    #expect(
      URLRedaction.redact("https://host/v5?client_secret=s&my_key=k") == "https://host/v5?client_secret=***&my_key=***")
  }

  /// A signed URL's signature, credential and token, however the name is spelt; its other
  /// parameters (date, expiry, headers signed) are kept.
  @Test func signedURLSecretsAreMasked() {
    #expect(
      URLRedaction.redact(
        "https://b.s3.example/o?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F1&X-Amz-Date=20260101T000000Z"
          + "&X-Amz-Expires=60&X-Amz-Security-Token=t&X-Amz-SignedHeaders=host&X-Amz-Signature=abc")
        == "https://b.s3.example/o?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=***&X-Amz-Date=20260101T000000Z"
        + "&X-Amz-Expires=60&X-Amz-Security-Token=***&X-Amz-SignedHeaders=host&X-Amz-Signature=***")
    #expect(
      URLRedaction.redact("https://h/o?x-goog-credential=c&X-Goog-Signature=s&X%2DAmz%2DSignature=e")
        == "https://h/o?x-goog-credential=***&X-Goog-Signature=***&X%2DAmz%2DSignature=***")
    #expect(
      URLRedaction.redact("https://h/o?AWSAccessKeyId=A&Expires=1&Signature=s&GoogleAccessId=g&sv=2024&sig=z&jwt=j")
        == "https://h/o?AWSAccessKeyId=***&Expires=1&Signature=***&GoogleAccessId=***&sv=2024&sig=***&jwt=***")
  }

  @Test func everythingElseIsKept() {
    for url in [
      "https://api.restcountries.com/countries/v5", "http://127.0.0.1:8080/v3.1", "https://host/a@b/v2",
      "https://host/v5?limit=10&offset=0", "not a url", "",
    ] {
      #expect(URLRedaction.redact(url) == url)
      #expect(!URLRedaction.hasSecrets(url))
    }
  }

  @Test func commandLinesAreRedactedWordByWord() {
    #expect(URLRedaction.redactingURLs(in: "set api https://u:p@h/v3.1") == "set api https://***@h/v3.1")
    #expect(URLRedaction.lineHasSecrets("set api 'https://h/v5?token=t'"))
    #expect(!URLRedaction.lineHasSecrets("alias eu = search --region Europe"))
    #expect(!URLRedaction.lineHasSecrets("details what?"))
  }
}
