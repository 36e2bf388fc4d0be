import WXBasics

// `doctor` as text (one line a check, what to do under it, the request a service was asked)
// and as JSON.
extension TextRenderer {
    /// "✓ state folder: /home/a/.config/wx, writable", "✗ Nominatim (geocoder): cannot reach …"
    /// with "→ what to do", for a service that fails "affects: brief --sure, drift, skill", and
    /// "asked http://…" under it, wrapped at the width; then one line
    /// saying whether all is well. ASCII marks (ok, --, !!) without UTF-8.
    static func doctorLines(_ report: DoctorReport, context: RenderContext) -> [String] {
        let width = context.width
        func mark(_ status: DoctorStatus) -> String {
            switch status {
            case .ok: context.unicode ? "✓" : "ok"
            case .note: context.unicode ? "·" : "--"
            case .problem: context.unicode ? "✗" : "!!"
            }
        }
        let arrow = context.unicode ? "→" : "->"
        var lines: [String] = []
        for check in report.checks {
            let lead = mark(check.status) + " "
            // Wrapped under the mark, a number kept with its unit ("12 ms", "3.4 GB").
            var wrapped = wrap(
                "\(check.subject): \(check.finding)", keeping: ["ms", "MB", "GB", "columns"], indent: lead.count,
                width: width)
            if !wrapped.isEmpty { wrapped[0] = lead + wrapped[0].dropFirst(lead.count) }
            lines += wrapped
            if let advice = check.advice {
                lines += TextLayout.wrap(
                    "\(arrow) \(advice)", indent: lead.count, continuation: lead.count + 2, width: width)
            }
            // What a service that fails takes with it (trial 61: "All is well." while drift,
            // skill, past, normal, saved verify and air could not reach theirs).
            if check.status == .problem, !check.affects.isEmpty {
                lines += TextLayout.wrap(
                    "affects: " + check.affects.joined(separator: ", "), indent: lead.count,
                    continuation: lead.count + 2, width: width)
            }
            if let request = check.request { lines += askedLines(request.url, indent: lead.count, width: width) }
        }
        lines += wrap(summary(report), indent: 0, width: width)
        return lines
    }
}

extension TextRenderer {
    /// `doctor`'s last line: "All is well.", or what is off in words — "2 things are off:
    /// Nominatim (geocoder), state folder." — and, only when `doctor` is the whole run
    /// (`DoctorReport.endsRun`), the exit status that says so to a script ("…; exit status 1.").
    /// At the prompt a status means nothing (the fresh user's "(exit status 1)").
    static func summary(_ report: DoctorReport) -> String {
        let problems = report.checks.filter { $0.status == .problem }
        guard !problems.isEmpty else { return "All is well." }
        let count = "\(Counting.count(problems.count, "thing")) \(problems.count == 1 ? "is" : "are") off"
        let what = problems.map(\.subject).joined(separator: ", ")
        return "\(count): \(what)" + (report.endsRun ? "; exit status 1." : ".")
    }
}

extension TextRenderer {
    /// "asked URL" under a check: on one line when it fits, else broken before its `?` and
    /// `&` (a piece still too wide cut at the width), the later pieces indented 2 more.
    static func askedLines(_ url: String, indent: Int, width: Int) -> [String] {
        let lead = String(repeating: " ", count: indent) + "asked "
        guard TextLayout.columns(lead + url) > width else { return [lead + url] }
        let continuation = String(repeating: " ", count: indent + 2)
        var pieces: [String] = [""]
        for character in url {
            if character == "?" || character == "&" { pieces.append("") }
            pieces[pieces.count - 1].append(character)
        }
        var lines = [lead]
        for piece in pieces {
            let last = lines[lines.count - 1]
            if last != continuation, TextLayout.columns(last + piece) > width,
                last != lead || TextLayout.columns(continuation + piece) <= width
            {
                lines.append(continuation)
            }
            for character in piece {
                if TextLayout.columns(lines[lines.count - 1] + String(character)) > width { lines.append(continuation) }
                lines[lines.count - 1].append(character)
            }
        }
        if lines[0] == lead { lines[0] = String(lead.dropLast()) }
        return lines
    }
}

extension JSONRenderer {
    /// `{"type":"doctor",…}`: `all_well` (the exit status is 0 when true, 1 when false) and
    /// every check with its area, status (`ok`, `note`, `problem`), finding, advice, the
    /// request made for a service (URL with the key masked, HTTP status, milliseconds, proxy),
    /// and the commands that ask the service (`affects`, empty for other checks).
    static func doctor(_ report: DoctorReport) -> JSONOutput {
        func check(_ check: DoctorCheck) -> JSONOutput {
            let request: JSONOutput =
                check.request.map { request in
                    .object([
                        ("url", .string(request.url)), ("http_status", .optional(request.httpStatus)),
                        ("milliseconds", .optional(request.milliseconds)), ("proxy", .optional(request.proxy)),
                    ])
                } ?? .null
            return .object([
                ("area", .string(check.area.rawValue)), ("subject", .string(check.subject)),
                ("status", .string(check.status.rawValue)), ("finding", .string(check.finding)),
                ("advice", .optional(check.advice)), ("request", request),
                ("affects", .array(check.affects.map { .string($0) })),
            ])
        }
        return .object([
            ("type", .string("doctor")), ("all_well", .bool(report.allWell)),
            ("exit_status", .number(report.allWell ? 0 : 1)), ("checks", .array(report.checks.map(check))),
        ])
    }
}
