import Foundation
import Testing
import WXBasics
import WeatherStore
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

extension LabelFindingsTests {
    @Test(arguments: [
        (UnitPreset.metric, [UnitQuantity: String]()), (.imperial, [:]), (.metric, [.wind: "mph"]),
        (.imperial, [.clock: "24h"]),
    ])
    func unitsConfirmationKeepsTheClockPhraseTogether(preset: UnitPreset, overrides: [UnitQuantity: String]) {
        var setting = UnitSetting(preset: preset)
        for (quantity, value) in overrides { setting.overrides[quantity] = value }
        for width in [40, 48, 80] {
            let context = RenderContext(
                units: setting.preferences, now: TextFitTests.berlinNow, colour: false, unicode: true, width: width)
            let lines = TextRenderer.render(.units(setting), context: context).split(separator: "\n").map(String.init)
            let clock = setting.preferences.clock.rawValue + " clock"
            #expect(lines.contains { $0.hasSuffix(clock) }, "at \(width): \(lines)")
            #expect(!lines.joined().contains("\u{00A0}"), "the glue is a space again")
            for line in lines { #expect(TextLayout.columns(line) <= width, "\(line)") }
        }
    }
}

extension SessionFindingsTests {
    @Test func unitsTakeTheirSpokenNames() async throws {
        let session = session()
        for (quantity, word, unit) in [
            (UnitQuantity.wind, "knots", "kn"), (.wind, "Beaufort", "bft"), (.temperature, "fahrenheit", "F"),
            (.temperature, "celsius", "C"), (.precipitation, "inches", "inch"), (.precipitation, "millimetres", "mm"),
            (.distance, "miles", "mi"), (.pressure, "mbar", "hPa"), (.clock, "12", "12h"),
        ] {
            let command = try #require(try CommandParser.parse(words: ["units", quantity.rawValue, word]))
            _ = try await session.execute(command)
            #expect(quantity.value(in: session.settings.units) == unit, "\(word)")
        }
        #expect(throws: ShellError.self) { try CommandParser.parse(words: ["units", "wind", "furlongs"]) }
    }
}
