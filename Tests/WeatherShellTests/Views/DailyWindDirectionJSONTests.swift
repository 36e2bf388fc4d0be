import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Trial: `daily`'s text shows the day's wind direction (Open-Meteo
/// `wind_direction_10m_dominant`), its `--json` did not. The key is in the day's object,
/// null when the service gave none, and schema/wx-result.schema.json requires it.
@Suite(.tags(.unit)) struct DailyWindDirectionJSONTests {
    @Test func theDaysDominantDirectionIsInTheJSON() throws {
        var day = DailyForecast(date: LocalDate(year: 2025, month: 7, day: 27))
        day.windDirectionDominantDegrees = 247
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONRenderer.day(day, nil).serialized.utf8)) as? [String: Any])
        #expect(object["wind_direction_dominant_degrees"] as? Double == 247)
        day.windDirectionDominantDegrees = nil
        let none = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONRenderer.day(day, nil).serialized.utf8)) as? [String: Any])
        #expect(none["wind_direction_dominant_degrees"] is NSNull)
    }

    @Test func theSchemaRequiresIt() throws {
        let data = try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("schema/wx-result.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let day = try #require((schema["$defs"] as? [String: Any])?["day"] as? [String: Any])
        #expect((day["required"] as? [String])?.contains("wind_direction_dominant_degrees") == true)
    }
}
