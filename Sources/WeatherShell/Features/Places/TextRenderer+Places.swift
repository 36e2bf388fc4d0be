import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `find`'s candidates and the current location as text.
extension TextRenderer {
    /// "current location: Hamburg, Deutschland (53.5507, 9.9930)".
    static func currentPlace(_ place: Place, context: RenderContext) -> [String] {
        let width = context.width
        // The place's name gives way; its coordinates are whole, on a line of their own
        // when the name would keep fewer than 12 columns.
        let lead = "current location: "
        let coordinates = " (\(place.coordinate.latitudeLongitudeText))"
        let room = width - TextLayout.columns(lead) - TextLayout.columns(coordinates)
        if room >= 12 || TextLayout.columns(place.label) <= room {
            return [lead + TextLayout.truncate(place.label, to: room) + coordinates]
        }
        return [
            lead + TextLayout.truncate(place.label, to: width - TextLayout.columns(lead)), " " + coordinates,
        ]
    }

    /// `find`'s numbered candidates with their coordinates, in the width every view keeps. In
    /// scripts and pipes (`fitsWidth` false) every label is whole, wrapped between its words
    /// where it is longer than its room. At a terminal a label that does not
    /// fit keeps its locality, region and country — what tells candidates apart — and gives way
    /// in its own name (the street part, cut with "…"); a region too long for one line goes on
    /// lines of its own under the name, split between its parts. Coordinates are never cut:
    /// when the width leaves fewer than 24 columns beside them, they get a line of their own.
    static func candidates(_ places: [Place], context: RenderContext) -> [String] {
        let coordinates = places.map(\.coordinate.latitudeLongitudeText)
        let coordinateWidth = coordinates.map(TextLayout.columns).max() ?? 0
        let numbers = places.indices.map { TextLayout.pad(String($0 + 1), to: 3, right: true) + "  " }
        // The width every view keeps (80 in a pipe without COLUMNS, as `show` and `doctor`).
        let width = context.width
        let margin = String(repeating: " ", count: 5)
        // Labels in 52 columns at 80, as wide as the coordinates leave on narrower terminals.
        var room = width - 7 - max(coordinateWidth, 21)
        if room < 24 { room = width - 7 - coordinateWidth }
        let beside = room >= 24
        if !beside { room = width - 5 }
        // Padded to the longest label (52 columns at least, as at 80), not to the terminal's
        // edge: at 120 columns the coordinates stood 40 columns from the names (trial 16).
        let padded = min(room, places.map { TextLayout.columns($0.label) }.reduce(52, max))
        var lines: [String] = []
        for (index, place) in places.enumerated() {
            // In scripts and pipes a label is whole, in the width every view keeps: laid out as
            // at a terminal that wide when nothing is cut so, else wrapped between its words.
            var label = labelLines(place, width: room, continuation: width - 5)
            if !context.fitsWidth,
                label.joinedText(separator: " ").split(whereSeparator: \.isWhitespace)
                    != place.label.split(whereSeparator: \.isWhitespace)
            {
                label = TextLayout.wrap(place.label, indent: 0, continuation: 0, width: room)
            }
            if label.isEmpty { label = [""] }
            lines.append(
                numbers[index] + (beside ? TextLayout.pad(label[0], to: padded) + "  " + coordinates[index] : label[0]))
            lines += label.dropFirst().map { margin + $0 }
            if !beside { lines.append(margin + coordinates[index]) }
        }
        return lines
    }

    /// A place's label in a first line of at most `width` columns and further lines of at most
    /// `continuation`: whole when it fits; else its name cut (to no fewer than 10 columns) so
    /// that the region stays whole on the same line; else the name on the first line and the
    /// region's parts (locality, region, country) after it, as many to a line as fit — a part
    /// longer than a whole line wraps between its words, and only a word wider than a line is cut.
    static func labelLines(_ place: Place, width: Int, continuation: Int) -> [String] {
        let label = place.label
        if TextLayout.columns(label) <= width || place.region.isEmpty { return [TextLayout.truncate(label, to: width)] }
        let region = ", " + place.region
        let nameRoom = width - TextLayout.columns(region)
        if nameRoom >= 10 { return [TextLayout.truncate(place.name, to: nameRoom) + region] }
        var lines = [TextLayout.truncate(place.name + ",", to: width)]
        let parts = place.region.split(separator: ", ").map(String.init)
        var line = ""
        for (index, part) in parts.enumerated() {
            let piece = part + (index < parts.count - 1 ? "," : "")
            let candidate = line.isEmpty ? piece : line + " " + piece
            if TextLayout.columns(candidate) <= continuation {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            // A part longer than a line wraps between its words, on lines of its own (trial 8 cut
            // "Région de Bruxelles-Capitale - Bru…"); only a single word wider than a line is cut.
            let wrapped = TextLayout.wrap(piece, indent: 0, continuation: 0, width: continuation).map {
                TextLayout.truncate($0, to: continuation)
            }
            lines += wrapped.dropLast()
            line = wrapped.last ?? ""
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
