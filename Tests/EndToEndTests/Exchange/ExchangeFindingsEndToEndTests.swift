import Foundation
import Testing
import WeatherTestSupport

extension SettingsFindingsEndToEndTests {
    /// `export favs` was a usage error with no "did you mean": `favs` is the command that lists
    /// them, and the word people reach for.
    @Test func favsIsAWordForFavoritesInExportAndImport() throws {
        let home = TemporaryFolder()
        let exported = try runWX(["export", "favs"], home: home)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.hasPrefix("name,latitude,longitude,display_name,country_code"))
        let file = home.path + "/f.csv"
        try "name,latitude,longitude\nSomewhere,1.5,2.5\n".write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try runWX(["import", "favourites", file], home: home)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try runWX(["favs"], home: home).stdout.contains("★ Somewhere"))
    }
}
