import Foundation
import Testing
import WXBasics
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

extension ViewFindingsTests {
    @Test(arguments: [40, 80])
    func skillSaysWhichColumnsItLeftOutForTheWidth(width: Int) {
        let lines = TrustViewWidthTests.render(.skill(TrustViewWidthTests().skillReport()), width: width)
        TrustViewWidthTests.expectFits(lines, width: width)
        let text = lines.flatMap { $0.split(separator: " ") }.joined(separator: " ")
        if width == 40 {
            #expect(text.contains("left out for the width: bias, days, rain right"), "\(lines)")
        } else {
            #expect(!text.contains("left out for the width"), "\(lines)")
        }
    }

    @Test func driftSaysItLeftOutTheBarAtFortyColumns() {
        let report = TrustViewWidthTests().driftReport([21.5, 21.4, 21.4, 21.5, 21.6, 21.8, 21.9, nil])
        let narrow = TrustViewWidthTests.render(.drift(report), width: 40)
        TrustViewWidthTests.expectFits(narrow, width: 40)
        let text = narrow.flatMap { $0.split(separator: " ") }.joined(separator: " ")
        #expect(text.contains("left out for the width:") && text.contains("the high’s bar"), "\(narrow)")
        #expect(!TrustViewWidthTests.render(.drift(report), width: 80).contains { $0.contains("left out") })
    }
}
