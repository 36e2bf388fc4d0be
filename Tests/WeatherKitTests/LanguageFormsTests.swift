import Testing
import WeatherKit

/// The user's language tag in the form each service takes (`LanguageForms`): Nominatim's
/// `accept-language` the whole tag as HTTP writes it (RFC 5646), Open-Meteo's geocoder the bare
/// ISO 639-1 code it documents, OpenWeatherMap its own codes for the variants it has.
@Suite(.tags(.unit)) struct LanguageFormsTests {
    @Test(arguments: [
        ("pt-BR", "pt-BR"), ("pt_BR", "pt-BR"), ("pt_br", "pt-BR"), ("de", "de"), ("EN", "en"),
        ("zh-hans", "zh-Hans"), ("es-419", "es-419"), ("sr_RS", "sr-RS"),
    ])
    func nominatimGetsTheWholeTag(tag: String, sent: String) {
        #expect(LanguageForms.acceptLanguage(tag) == sent)
    }

    @Test(arguments: [("pt-BR", "pt"), ("pt_BR", "pt"), ("zh-Hans", "zh"), ("DE-at", "de"), ("en", "en")])
    func openMeteoGetsTheLanguageAlone(tag: String, sent: String) {
        #expect(LanguageForms.primary(tag) == sent)
    }

    @Test(arguments: [
        ("pt-BR", "pt_br"), ("pt-PT", "pt"), ("zh-CN", "zh_cn"), ("zh-Hant", "zh_tw"), ("zh-TW", "zh_tw"),
        ("de-DE", "de"), ("en", "en"),
    ])
    func openWeatherMapGetsItsOwnCodes(tag: String, sent: String) {
        #expect(LanguageForms.openWeatherMap(tag) == sent)
    }
}
