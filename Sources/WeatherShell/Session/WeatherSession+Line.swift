import WeatherKit

/// `line`: the weather now as one line for a status bar.
extension WeatherSession {
    /// The weather for `request`'s place — the current location without one, else the first
    /// favorite — from the cache while it is current (no request), else one request, as `show`.
    /// The warning feeds are not asked, and notes on the way (which geocoder answered) are left
    /// out: a bar shows one line.
    ///
    /// - Throws: `ShellError.notApplicable` when no place is given, current or saved.
    func statusLine(_ request: StatusLineRequest) async throws(ShellError) -> [CommandResult] {
        var target = request.place
        if target == nil, currentPlace == nil {
            guard let first = favorites.first else {
                throw .notApplicable("no place for the line: give one (“line Hamburg”) or save a favorite (“fav”)")
            }
            target = first.name
        }
        let (report, _) = try await weather(for: target)
        return [.statusLine(StatusLineReport(report: report, format: request.format, json: request.json))]
    }
}
