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

/// Issue 37 item 6: control sequences from a service or a file are removed whole — CSI, OSC,
/// DCS, SOS, PM and APC, in their 7-bit (ESC …) and 8-bit (C1) forms — not only their escape
/// byte. Each expected text is the input with the sequence cut out by ECMA-48's grammar.
@Suite(.tags(.unit)) struct ControlSequenceTests {
    @Test(arguments: [
        ("Storm gusts\u{1B}]0;owned\u{07}", "Storm gusts"),  // OSC to BEL
        ("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b", "alinkb"),  // OSC to ST (a hyperlink)
        ("\u{1B}[31mred\u{1B}[0m", "red"),  // CSI
        ("x\u{1B}[?25ly", "xy"),  // CSI with a private parameter
        ("x\u{9B}2Jy", "xy"),  // C1 CSI
        ("x\u{9D}0;title\u{9C}y", "xy"),  // C1 OSC to C1 ST
        ("x\u{1B}Pq#0;2;0;0;0\u{1B}\\y", "xy"),  // DCS (sixel)
        ("x\u{90}1$r\u{9C}y", "xy"),  // C1 DCS
        ("x\u{1B}_Gf=100;AAAA\u{1B}\\y", "xy"),  // APC (a terminal graphics command)
        ("x\u{9F}payload\u{9C}y", "xy"),  // C1 APC
        ("x\u{1B}^private\u{1B}\\y", "xy"),  // PM
        ("x\u{9E}private\u{9C}y", "xy"),  // C1 PM
        ("x\u{1B}Xsos\u{1B}\\y", "xy"),  // SOS
        ("x\u{1B}(By", "xy"),  // ESC with an intermediate (charset)
        ("x\u{1B}cy", "xy"),  // RIS
        ("tail\u{1B}]0;never ends", "tail"),  // an unterminated string takes the rest
        ("a\u{85}b\u{07}c", "abc"),  // C1 NEL and BEL alone
        ("Zürich 東京", "Zürich 東京"),
    ])
    func aSequenceGoesWhole(_ input: String, _ expected: String) {
        #expect(TerminalText.sanitized(input) == expected)
    }
}
