import Foundation
import Testing
import WeatherTestSupport

/// Issue 40 item 13 through the built wx: `wx weather Berlin` and the same at the prompt get the
/// command that does it, as a usage error (exit status 2), nothing asked.
@Suite(.tags(.endToEnd))
struct FirstTryWordsEndToEndTests {
    @Test func weatherBerlin() throws {
        let server = try FixtureServer()
        let home = TemporaryFolder()
        let oneShot = try runWX(["weather", "Berlin"], home: home, server: server)
        #expect(oneShot.status == 2)
        #expect(oneShot.stdout.isEmpty)
        #expect(oneShot.stderr == "error: “weather” is not a wx command: “show Berlin” shows the weather\n")
        let typed = try runWX(stdin: "weather Berlin\nwx Berlin\nsearch São Paulo\n", home: home, server: server)
        #expect(
            typed.stderr == """
                error: “weather” is not a wx command: “show Berlin” shows the weather
                error: wx runs already: “show Berlin” shows the weather
                error: “search” is not a wx command: “find São Paulo” lists places by that name

                """)
        #expect(try server.requests().isEmpty)
    }
}
