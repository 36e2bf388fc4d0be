import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// The demo wraps every service slot (issue 34, item 5: "every service slot is wrapped by
/// construction, so a new slot cannot be forgotten — compiler or a test that enumerates slots").
/// `DemoServices.wrapping` names each slot by hand; this test walks `WeatherServices`' stored
/// properties by reflection, so a slot added to it and not to `wrapping` fails here, by name.
@Suite(.tags(.unit)) struct DemoWrappingTests {
    /// Every provider reachable from `services`, with the slot it is in: arrays and optionals
    /// opened, and a struct of providers (the warning feeds) walked in turn.
    static func providers(in value: Any, slot: String) -> [(slot: String, provider: Any)] {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { providers(in: $0.value, slot: slot) } ?? []
        case .collection:
            return mirror.children.enumerated().flatMap { providers(in: $1.value, slot: "\(slot)[\($0)]") }
        case .struct where value is WarningFeeds || value is WeatherServices:
            return mirror.children.flatMap { child in
                providers(in: child.value, slot: slot.isEmpty ? child.label ?? "?" : "\(slot).\(child.label ?? "?")")
            }
        default:
            return [(slot, value)]
        }
    }

    @Test func everySlotOfTheLiveServicesIsWrappedInADemo() throws {
        let context = ServiceContext(transport: FakeTransport(), cache: nil, now: { Date() }, clock: TestClock())
        // With a key, so that OpenWeatherMap fills its slots too.
        let live = WeatherServices.live(
            baseURL: { _ in "http://127.0.0.1:9" }, openWeatherMapKey: "k", context: context)
        let demo = DemoServices(try DemoWorld.load(demoManifestPath))
        let found = Self.providers(in: demo.wrapping(live), slot: "")
        // Every slot of the live services holds something (else the walk would prove little).
        let slots = Set(found.map { $0.slot.split(separator: "[").first.map(String.init) ?? $0.slot })
        #expect(
            slots == [
                "geocoders", "forecastProviders", "airQuality", "past", "warnings.nws", "warnings.brightSky",
                "warnings.eccc", "warnings.metNorway", "warnings.meteoAlarm", "previousRuns", "ensemble", "models",
            ])
        for (slot, provider) in found {
            #expect(String(describing: type(of: provider)).hasPrefix("Asked"), "\(slot) is not wrapped by the demo")
        }
        // Outside a demo nothing is wrapped.
        for (slot, provider) in Self.providers(in: DemoServices(nil).wrapping(live), slot: "") {
            #expect(!String(describing: type(of: provider)).hasPrefix("Asked"), "\(slot)")
        }
    }
}
