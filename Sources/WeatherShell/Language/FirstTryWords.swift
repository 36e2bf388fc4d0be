import WXBasics

/// Words people type first at a weather prompt that are not wx's commands (`weather Berlin`,
/// `forecast`, `search Paris`, `set units imperial`): each answered with the command that does
/// it, the rest of the line carried over (issue 40: `weather Berlin` was only “unknown command”).
enum FirstTryWords {
    /// What `word` (lower-cased) means in wx, given the words after it (joined, or "" for
    /// none); nil for a word not in the table.
    static func suggestion(for word: String, rest: String) -> String? {
        let place = rest.isEmpty ? "" : " " + rest
        let placeOrBerlin = rest.isEmpty ? " Berlin" : place
        switch word {
        case "weather", "current", "now", "conditions", "temp", "temperature", "get", "wx":
            return "“show\(place)” shows the weather" + (rest.isEmpty ? " where you are (“show Berlin” elsewhere)" : "")
        case "forecast", "week", "days":
            return "“daily\(place)” shows the days ahead, “hourly\(place)” the hours"
        case "tomorrow":
            return "“daily 2\(place)” shows today and tomorrow"
        case "search", "lookup", "locate", "geocode", "place", "where":
            return "“find\(placeOrBerlin)” lists places by that name"
        case "list", "ls":
            return "“favs” lists favorites, “saved” snapshots, “history” commands"
        case "add", "bookmark", "star":
            return rest.isEmpty
                ? "“fav” saves the place shown as a favorite"
                : "“show\(place)”, then “fav”, saves it as a favorite"
        case "remove", "delete", "rm", "del", "unfav":
            return "“fav rm\(placeOrBerlin)” removes a favorite, “saved rm N” a snapshot"
        case "set", "config", "settings", "options":
            let words = rest.split(separator: " ")
            if let first = words.first,
                ["units", "provider", "geocoder", "language", "format"].contains(first.lowercased())
            {
                return "“\(rest)” sets it"
            }
            return "“units”, “provider”, “geocoder”, “language” and “format” show and set wx’s settings"
        case "alert", "warning":
            return "“warnings\(place)” shows official warnings"
        case "bye", "logout", ":q":
            return "“quit” (or Ctrl-D) leaves wx"
        default:
            return nil
        }
    }
}
