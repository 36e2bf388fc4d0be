import Foundation
import Testing
import WXBasics
import WeatherStore
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

extension LabelFindingsTests {
    @Test func theUnnamedPlaceIsNamedByItsCoordinates() {
        #expect(Self.unnamed.label == "52.5200°N 13.4100°E")
    }
}
