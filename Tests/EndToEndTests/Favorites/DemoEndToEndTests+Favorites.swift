import Foundation
import Testing
import WeatherTestSupport

extension DemoEndToEndTests {
    @Test func findHamburgSavesAFavoriteNamedHamburg() throws {
        let (run, _) = try runDemo("find Hamburg; fav; favs; compare Hamburg")
        #expect(run.stdout.hasPrefix("  1  Hamburg, Deutschland "), "\(run.stdout)")
        #expect(run.stdout.contains("★ Hamburg saved to favorites\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("Elbphilharmonie"))
        #expect(!run.stderr.contains("no favorite named"), "\(run.stderr)")
    }
}
