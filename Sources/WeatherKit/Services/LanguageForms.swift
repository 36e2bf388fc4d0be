import WXBasics

/// The user's language (a BCP 47 tag as wx keeps it: `pt-BR`, `de`, `zh-Hans`) in the form each
/// service takes. The tag is kept whole until a request is built, each service then given what
/// it documents: a region dropped for one that takes bare codes, never for one that reads it.
package enum LanguageForms {
    /// The language subtag alone, lower-case: "pt" from "pt-BR" or "pt_BR". What Open-Meteo's
    /// geocoder takes as `language` (open-meteo.com/en/docs/geocoding-api: a lower-cased ISO
    /// 639-1 code; it returns names in that language, else English or the native name) and
    /// what the warning feeds match their texts' languages by.
    package static func primary(_ tag: String) -> String {
        String(tag.lowercased().prefix { $0 != "-" && $0 != "_" })
    }

    /// The tag as HTTP `Accept-Language` writes it (RFC 5646, RFC 9110 §12.5.4): subtags joined
    /// by "-", the language lower-case, a region upper-case ("pt-BR" from "pt_br"), a script as
    /// written ("zh-Hans"). What Nominatim takes as `accept-language`: it asks for `name:pt-BR`,
    /// then `name:pt` (it adds the bare language after a regional one itself).
    package static func acceptLanguage(_ tag: String) -> String {
        let parts = tag.split(omittingEmptySubsequences: true) { $0 == "-" || $0 == "_" }
        guard let language = parts.first else { return tag }
        return
            ([language.lowercased()]
            + parts.dropFirst().map { part in
                part.count == 4 ? part.prefix(1).uppercased() + part.dropFirst().lowercased() : part.uppercased()
            }).joinedText(separator: "-")
    }

    /// The tag as OpenWeatherMap's `lang` takes it (openweathermap.org/current#multi): the
    /// language code, except Brazilian Portuguese `pt_br` and Chinese `zh_cn` (simplified) and
    /// `zh_tw` (traditional), the variants it has texts for; "de" from "de-AT".
    package static func openWeatherMap(_ tag: String) -> String {
        let normalized = acceptLanguage(tag)
        switch normalized {
        case "pt-BR": return "pt_br"
        case "zh-CN", "zh-Hans", "zh-SG": return "zh_cn"
        case "zh-TW", "zh-Hant", "zh-HK", "zh-MO": return "zh_tw"
        default: return primary(normalized)
        }
    }
}
