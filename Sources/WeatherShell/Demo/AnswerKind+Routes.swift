/// Which kind of answer a recorded route of the demo server is (the manifest's routes).
extension AnswerKind {
    /// The kind of answer a recorded route is: its path and the query members it requires
    /// (`start_date` on `/v1/forecast` is past weather; 1991-01-01…2020-12-31 from
    /// `/v1/archive` are the normals); nil for a place search or another service's answer.
    package static func of(path: String, query: [String: String]) -> AnswerKind? {
        if path.hasPrefix("/previous-runs/") { return .earlierRuns }
        switch path {
        case "/v1/forecast":
            return query["start_date"] != nil ? .past : query["models"] != nil ? .models : .forecast
        case "/v1/archive":
            return query["start_date"] == "1991-01-01" && query["end_date"] == "2020-12-31" ? .normals : .past
        case "/v1/air-quality": return .air
        case "/v1/ensemble": return .ensemble
        default:
            let warningPaths = [
                "/alerts", "/collections/weather-alerts", "/weatherapi/metalerts", "/api/v1/warnings",
            ]
            return warningPaths.contains { path.hasPrefix($0) } ? .warnings : nil
        }
    }
}
