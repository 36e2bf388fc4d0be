import WXBasics
import WeatherKit

/// The ISO 639-1 language codes, each with its English name: what Open-Meteo's geocoding takes
/// as `language` (Nominatim's `accept-language` takes BCP 47 tags, whose first part is one of
/// these for every language it has names in). `language` checks a code against them.
enum LanguageCodes {
    /// Code (lowercase) → English name: the 183 codes of ISO 639-1 (the withdrawn “sh” left out).
    static let names: [String: String] = [
        "aa": "Afar",
        "ab": "Abkhazian",
        "ae": "Avestan",
        "af": "Afrikaans",
        "ak": "Akan",
        "am": "Amharic",
        "an": "Aragonese",
        "ar": "Arabic",
        "as": "Assamese",
        "av": "Avaric",
        "ay": "Aymara",
        "az": "Azerbaijani",
        "ba": "Bashkir",
        "be": "Belarusian",
        "bg": "Bulgarian",
        "bi": "Bislama",
        "bm": "Bambara",
        "bn": "Bengali",
        "bo": "Tibetan",
        "br": "Breton",
        "bs": "Bosnian",
        "ca": "Catalan",
        "ce": "Chechen",
        "ch": "Chamorro",
        "co": "Corsican",
        "cr": "Cree",
        "cs": "Czech",
        "cu": "Church Slavic",
        "cv": "Chuvash",
        "cy": "Welsh",
        "da": "Danish",
        "de": "German",
        "dv": "Divehi",
        "dz": "Dzongkha",
        "ee": "Ewe",
        "el": "Greek",
        "en": "English",
        "eo": "Esperanto",
        "es": "Spanish",
        "et": "Estonian",
        "eu": "Basque",
        "fa": "Persian",
        "ff": "Fulah",
        "fi": "Finnish",
        "fj": "Fijian",
        "fo": "Faroese",
        "fr": "French",
        "fy": "Western Frisian",
        "ga": "Irish",
        "gd": "Scottish Gaelic",
        "gl": "Galician",
        "gn": "Guarani",
        "gu": "Gujarati",
        "gv": "Manx",
        "ha": "Hausa",
        "he": "Hebrew",
        "hi": "Hindi",
        "ho": "Hiri Motu",
        "hr": "Croatian",
        "ht": "Haitian",
        "hu": "Hungarian",
        "hy": "Armenian",
        "hz": "Herero",
        "ia": "Interlingua",
        "id": "Indonesian",
        "ie": "Interlingue",
        "ig": "Igbo",
        "ii": "Sichuan Yi",
        "ik": "Inupiaq",
        "io": "Ido",
        "is": "Icelandic",
        "it": "Italian",
        "iu": "Inuktitut",
        "ja": "Japanese",
        "jv": "Javanese",
        "ka": "Georgian",
        "kg": "Kongo",
        "ki": "Kikuyu",
        "kj": "Kuanyama",
        "kk": "Kazakh",
        "kl": "Kalaallisut",
        "km": "Khmer",
        "kn": "Kannada",
        "ko": "Korean",
        "kr": "Kanuri",
        "ks": "Kashmiri",
        "ku": "Kurdish",
        "kv": "Komi",
        "kw": "Cornish",
        "ky": "Kyrgyz",
        "la": "Latin",
        "lb": "Luxembourgish",
        "lg": "Ganda",
        "li": "Limburgish",
        "ln": "Lingala",
        "lo": "Lao",
        "lt": "Lithuanian",
        "lu": "Luba-Katanga",
        "lv": "Latvian",
        "mg": "Malagasy",
        "mh": "Marshallese",
        "mi": "Maori",
        "mk": "Macedonian",
        "ml": "Malayalam",
        "mn": "Mongolian",
        "mr": "Marathi",
        "ms": "Malay",
        "mt": "Maltese",
        "my": "Burmese",
        "na": "Nauru",
        "nb": "Norwegian Bokmål",
        "nd": "North Ndebele",
        "ne": "Nepali",
        "ng": "Ndonga",
        "nl": "Dutch",
        "nn": "Norwegian Nynorsk",
        "no": "Norwegian",
        "nr": "South Ndebele",
        "nv": "Navajo",
        "ny": "Chichewa",
        "oc": "Occitan",
        "oj": "Ojibwa",
        "om": "Oromo",
        "or": "Odia",
        "os": "Ossetian",
        "pa": "Punjabi",
        "pi": "Pali",
        "pl": "Polish",
        "ps": "Pashto",
        "pt": "Portuguese",
        "qu": "Quechua",
        "rm": "Romansh",
        "rn": "Rundi",
        "ro": "Romanian",
        "ru": "Russian",
        "rw": "Kinyarwanda",
        "sa": "Sanskrit",
        "sc": "Sardinian",
        "sd": "Sindhi",
        "se": "Northern Sami",
        "sg": "Sango",
        "si": "Sinhala",
        "sk": "Slovak",
        "sl": "Slovenian",
        "sm": "Samoan",
        "sn": "Shona",
        "so": "Somali",
        "sq": "Albanian",
        "sr": "Serbian",
        "ss": "Swati",
        "st": "Southern Sotho",
        "su": "Sundanese",
        "sv": "Swedish",
        "sw": "Swahili",
        "ta": "Tamil",
        "te": "Telugu",
        "tg": "Tajik",
        "th": "Thai",
        "ti": "Tigrinya",
        "tk": "Turkmen",
        "tl": "Tagalog",
        "tn": "Tswana",
        "to": "Tonga",
        "tr": "Turkish",
        "ts": "Tsonga",
        "tt": "Tatar",
        "tw": "Twi",
        "ty": "Tahitian",
        "ug": "Uyghur",
        "uk": "Ukrainian",
        "ur": "Urdu",
        "uz": "Uzbek",
        "ve": "Venda",
        "vi": "Vietnamese",
        "vo": "Volapük",
        "wa": "Walloon",
        "wo": "Wolof",
        "xh": "Xhosa",
        "yi": "Yiddish",
        "yo": "Yoruba",
        "za": "Zhuang",
        "zh": "Chinese",
        "zu": "Zulu",
    ]

    /// `text` as a language setting: `auto`, or an ISO 639-1 code with an optional region or
    /// script (`de`, `pt-BR`, `de-CH`, `zh-Hans`, `es-419`), in any case, written as a tag is
    /// written: the language lower-case, a region upper-case, a script with a capital first.
    /// The locale's spelling, `pt_BR` as LANG has it, is taken as `pt-BR`.
    ///
    /// - Returns: the tag so written (`EN` → `en`, `pt_br` → `pt-BR`, `zh-hans` → `zh-Hans`).
    /// - Throws: `ShellError.usage` naming what is wrong: a language that is not ISO 639-1's
    ///   (with the closest codes when a near one exists: one letter apart, or a language's
    ///   English name typed: `german` → “de”), a region that is neither ISO 3166-1's nor a UN
    ///   M.49 area (with the bare language suggested: `de-XX` → “de”), or more than one part
    ///   after the language.
    static func checked(_ text: String) throws(ShellError) -> String {
        if text.lowercased() == "auto" { return "auto" }
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" }
        let shown = TerminalText.sanitized(String(text.prefix(24)))
        let language = parts[0].lowercased()
        guard let name = names[language] else {
            let near = suggestions(for: language)
            throw .usage(
                "“\(shown)” is not a language: the language is an ISO 639-1 code, as de, en or pt-BR"
                    + (near.isEmpty ? "" : "; did you mean " + CommandParser.list(near) + "?"))
        }
        guard parts.count <= 2 else {
            throw .usage("“\(shown)” is not a language tag: a code and at most a region, as pt-BR or de-CH")
        }
        guard parts.count == 2 else { return language }
        let subtag = parts[1]
        // A script (zh-Hans, sr-Latn): four letters.
        // Written as a tag is (`LanguageForms.acceptLanguage`: "zh-Hans", "pt-BR").
        if subtag.count == 4, subtag.allSatisfy({ $0.isASCII && $0.isLetter }) {
            return LanguageForms.acceptLanguage(language + "-" + subtag)
        }
        let region = subtag.uppercased()
        guard regions.contains(region) || areas.contains(region) else {
            let what =
                subtag.isEmpty
                ? "no region after the “\(text.contains("_") ? "_" : "-")”"
                : "“\(TerminalText.sanitized(String(subtag.prefix(12))))” is not a region (an ISO 3166-1 code, as BR or CH, or a UN M.49 area, as 419)"
            throw .usage("“\(shown)” is not a language tag: \(what); did you mean “\(language)” (\(name))?")
        }
        return LanguageForms.acceptLanguage(language + "-" + region)
    }

    /// The ISO 3166-1 alpha-2 codes (upper-case): the 249 assigned ones, as the tz database's
    /// iso3166.tab lists them; the regions a language tag may name.
    static let regions: Set<String> = [
        "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AQ", "AR", "AS", "AT", "AU", "AW", "AX", "AZ", "BA", "BB",
        "BD", "BE", "BF", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS", "BT", "BV", "BW", "BY",
        "BZ", "CA", "CC", "CD", "CF", "CG", "CH", "CI", "CK", "CL", "CM", "CN", "CO", "CR", "CU", "CV", "CW", "CX",
        "CY", "CZ", "DE", "DJ", "DK", "DM", "DO", "DZ", "EC", "EE", "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK",
        "FM", "FO", "FR", "GA", "GB", "GD", "GE", "GF", "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GS",
        "GT", "GU", "GW", "GY", "HK", "HM", "HN", "HR", "HT", "HU", "ID", "IE", "IL", "IM", "IN", "IO", "IQ", "IR",
        "IS", "IT", "JE", "JM", "JO", "JP", "KE", "KG", "KH", "KI", "KM", "KN", "KP", "KR", "KW", "KY", "KZ", "LA",
        "LB", "LC", "LI", "LK", "LR", "LS", "LT", "LU", "LV", "LY", "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK",
        "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS", "MT", "MU", "MV", "MW", "MX", "MY", "MZ", "NA", "NC", "NE",
        "NF", "NG", "NI", "NL", "NO", "NP", "NR", "NU", "NZ", "OM", "PA", "PE", "PF", "PG", "PH", "PK", "PL", "PM",
        "PN", "PR", "PS", "PT", "PW", "PY", "QA", "RE", "RO", "RS", "RU", "RW", "SA", "SB", "SC", "SD", "SE", "SG",
        "SH", "SI", "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS", "ST", "SV", "SX", "SY", "SZ", "TC", "TD", "TF",
        "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO", "TR", "TT", "TV", "TW", "TZ", "UA", "UG", "UM", "US", "UY",
        "UZ", "VA", "VC", "VE", "VG", "VI", "VN", "VU", "WF", "WS", "YE", "YT", "ZA", "ZM", "ZW",
    ]

    /// The UN M.49 areas a language tag may name as its region (BCP 47, RFC 5646 §2.2.4; the
    /// IANA language subtag registry's numeric regions): 001 the world, 150 Europe, 419 Latin
    /// America and the Caribbean…
    static let areas: Set<String> = [
        "001", "002", "003", "005", "009", "011", "013", "014", "015", "017", "018", "019", "021", "029", "030", "034",
        "035", "039", "053", "054", "057", "061", "142", "143", "145", "150", "151", "154", "155", "202", "419",
    ]

    /// Codes near `typed`, as “xh” (Xhosa): a language's English name typed whole (`german`),
    /// else the codes one letter away that keep its first letter, else its second; at most three.
    static func suggestions(for typed: String) -> [String] {
        func shown(_ code: String) -> String { "“\(code)” (\(names[code] ?? code))" }
        if let byName = names.first(where: { $0.value.lowercased() == typed }) { return [shown(byName.key)] }
        guard typed.count == 2, typed.allSatisfy({ $0.isASCII && $0.isLetter }) else { return [] }
        let codes = names.keys.sorted()
        var near = codes.filter { $0.first == typed.first && CommandParser.editDistance($0, typed) == 1 }
        if near.isEmpty {
            near = codes.filter { $0.last == typed.last && CommandParser.editDistance($0, typed) == 1 }
        }
        return near.prefix(3).map(shown)
    }
}
