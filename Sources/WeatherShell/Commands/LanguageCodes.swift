import WXBasics

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

    /// `text` when it is `auto`, or an ISO 639-1 code with an optional region or script
    /// (`de`, `pt-BR`, `de-CH`, `zh-Hans`), in any case.
    ///
    /// - Throws: `ShellError.usage` naming what is wrong, with the closest codes when a near one
    ///   exists (one letter apart, or a language's English name typed: `german` → “de”).
    static func checked(_ text: String) throws(ShellError) -> String {
        if text == "auto" { return text }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let shown = TerminalText.sanitized(String(text.prefix(24)))
        let language = parts[0].lowercased()
        guard names[language] != nil else {
            let near = suggestions(for: language)
            throw .usage(
                "“\(shown)” is not a language: the language is an ISO 639-1 code, as de, en or pt-BR"
                    + (near.isEmpty ? "" : "; did you mean " + CommandParser.list(near) + "?"))
        }
        let regionIsValid =
            parts.count == 1
            || (parts.count == 2 && (2...4).contains(parts[1].count)
                && parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        guard regionIsValid else {
            throw .usage("“\(shown)” is not a language tag: a code and at most a region, as pt-BR or de-CH")
        }
        return text
    }

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
