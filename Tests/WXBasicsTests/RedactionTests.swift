import Testing
import WXBasics
import WeatherTestSupport

@Suite(.tags(.unit)) struct RedactionTests {
    @Test(arguments: [
        ("GET /weather?q=x&appid=abc123&units=metric", "GET /weather?q=x&appid=***&units=metric"),
        ("api_key=SECRET, then more", "api_key=***, then more"),
        ("APIKEY=s3cr3t", "APIKEY=***"),
        (#""key=abc" monkey=banana"#, #""key=***" monkey=banana"#),
        ("the key 0123456789abcdef was refused", "the key *** was refused"),
        ("nothing secret here", "nothing secret here"),
        ("key=", "key="),
        // The rules the history's own scrubber had, now the one rule set's.
        ("find token=t0k", "find token=***"),
        ("access_token=abc&x=1", "access_token=***&x=1"),
        ("mytoken=abc", "mytoken=abc"),
        // Scrubbing twice gives what scrubbing once gave: a mask is not masked again.
        ("appid=***&x=1", "appid=***&x=1"),
        // A value ends at a non-ASCII character: wx's own quotes around a typed text stay.
        ("no place found for “key=abc”", "no place found for “key=***”"),
    ])
    func scrubbed(text: String, expected: String) {
        #expect(Redaction.scrubbed(text, secrets: ["0123456789abcdef"]) == expected)
    }

    @Test(arguments: [
        ("http://user:pass@host:8080/path?q=1", "http://***@host:8080/path?q=1"),
        ("https://token@api.example.org", "https://***@api.example.org"),
        ("https://api.example.org/a@b", "https://api.example.org/a@b"),
        ("http://127.0.0.1:1", "http://127.0.0.1:1"),
        ("user:pass@host", "***@host"),
    ])
    func displayURL(url: String, expected: String) {
        #expect(Redaction.displayURL(url) == expected)
    }
}
