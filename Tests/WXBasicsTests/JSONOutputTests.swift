import Testing

@testable import WXBasics

/// The JSON text wx writes (cache headers, `--json`): strings escaped by the rules of
/// `JSONOutput.serialized` whether they take the whole-string path (nothing to escape) or the
/// scalar path; and FNV-1a over a string's bytes, as the cache names its files.
@Suite(.tags(.unit)) struct JSONOutputTests {
    @Test(arguments: [
        (
            "http://127.0.0.1:8080/v1/forecast?latitude=53.5&hourly=a%2Cb",
            #""http://127.0.0.1:8080/v1/forecast?latitude=53.5&hourly=a%2Cb""#
        ),
        ("", #""""#),
        ("say \"hi\"", #""say \"hi\"""#),
        (#"back\slash"#, #""back\\slash""#),
        ("line\nfeed\rtab\t", #""line\nfeed\rtab\t""#),
        ("bell\u{7}esc\u{1B}", #""bell\u0007esc\u001b""#),
        ("del\u{7F}", #""del\u007f""#),
        ("next line\u{85} and \u{9F}", #""next line\u0085 and \u009f""#),
        ("16.5 °C", "\"16.5 °C\""),
        ("é 東京 😀 \u{A0}", "\"é 東京 😀 \u{A0}\""),
    ])
    func stringsAreEscapedByTheRules(_ text: String, _ expected: String) {
        #expect(JSONOutput.string(text).serialized == expected)
        #expect(JSONOutput.object([(text, .string(text))]).serialized == "{\(expected):\(expected)}")
    }

    @Test func fnv1aOverAStringsBytesIsTheSameAsOverItsUTF8View() {
        // The published FNV-1a 64 test vectors.
        #expect(FNV1a.hash(utf8: "") == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash(utf8: "a") == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.hash(utf8: "foobar") == 0x8594_4171_f739_67e8)
        for text in [
            "", "a", "foobar", "http://127.0.0.1/v1/ensemble?x=1", "é 東京 😀", String(repeating: "x", count: 600),
        ] {
            #expect(FNV1a.hash(utf8: text) == FNV1a.hash(text.utf8))
            // A string that is not native (bridged or a substring's copy) reads the same.
            #expect(FNV1a.hash(utf8: String(Substring(text))) == FNV1a.hash(text.utf8))
        }
    }
}
