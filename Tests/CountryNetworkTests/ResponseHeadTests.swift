import CtryTestSupport
import Foundation
import Synchronization
import Testing

@testable import CountryNetwork

/// The header lines libcurl hands over, one at a time.
@Suite struct ResponseHeadTests {
  func head(_ lines: [String]) -> ResponseHead {
    var head = ResponseHead()
    for line in lines { head.add(line: line) }
    return head
  }

  @Test func statusAndLowerCasedHeaders() {
    let parsed = head(["HTTP/1.1 200 OK\r\n", "Content-Type:  application/json \r\n", "ETag: \"x\"\r\n", "\r\n"])
    #expect(parsed.status == 200)
    #expect(parsed.headers == ["content-type": "application/json", "etag": "\"x\""])
    #expect(parsed.isComplete)
  }

  @Test func http2StatusLine() {
    #expect(head(["HTTP/2 304\r\n", "etag: \"y\"\r\n"]).status == 304)
  }

  @Test func eachStatusLineStartsAfresh() {
    let parsed = head([
      "HTTP/1.1 100 Continue\r\n", "\r\n", "HTTP/1.1 301 Moved Permanently\r\n", "Location: /b\r\n",
      "Content-Length: 99999999\r\n", "\r\n", "HTTP/1.1 200 OK\r\n", "Content-Length: 5\r\n",
    ])
    #expect(parsed.status == 200)
    #expect(parsed.headers == ["content-length": "5"])
    #expect(!parsed.isComplete)
  }

  @Test func repeatedHeadersAreJoined() {
    #expect(head(["HTTP/1.1 200 OK", "Vary: Accept", "vary: Origin"]).headers["vary"] == "Accept, Origin")
  }

  @Test func onlyAFinalResponseAnnouncesItsLength() {
    #expect(head(["HTTP/1.1 200 OK", "Content-Length: 12"]).announcedLength == 12)
    #expect(head(["HTTP/1.1 404 Not Found", "Content-Length: 12"]).announcedLength == 12)
    #expect(head(["HTTP/1.1 304 Not Modified", "Content-Length: 12"]).announcedLength == nil)
    #expect(head(["HTTP/1.1 302 Found", "Content-Length: 12"]).announcedLength == nil)
    #expect(head(["HTTP/1.1 200 OK"]).announcedLength == nil)
  }
}
