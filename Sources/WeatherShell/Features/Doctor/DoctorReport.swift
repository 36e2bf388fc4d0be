/// How one check of `doctor` came out.
package enum DoctorStatus: String, Hashable, Sendable {
    /// All is well.
    case ok
    /// Worth knowing, nothing off (no key set, a service not asked offline).
    case note
    /// Something is off: `doctor` exits 1.
    case problem
}

/// What `doctor` looked at in one check.
package enum DoctorArea: String, Hashable, Sendable, CaseIterable {
    case state, service, key, terminal, files
}

/// The one request `doctor` made to a service: where, what came back, in what time.
package struct DoctorRequest: Hashable, Sendable {
    /// The URL asked, as it may be shown: the key masked (`appid=***`), a password masked.
    package var url: String
    /// The HTTP status; nil when no answer came.
    package var httpStatus: Int?
    /// From sending to the whole answer, milliseconds; nil when no answer came.
    package var milliseconds: Int?
    /// The proxy the request went through and the variable naming it ("http://proxy:3128
    /// (https_proxy)"); nil when none.
    package var proxy: String?
}

/// One line of `doctor`.
package struct DoctorCheck: Hashable, Sendable {
    package var area: DoctorArea
    /// What was checked ("state folder", "Nominatim", "wxrc").
    package var subject: String
    package var status: DoctorStatus
    /// What was found ("writable", "answered in 12 ms").
    package var finding: String
    /// What to do when the status is not ok; nil when nothing is.
    package var advice: String?
    /// The request made, for a service.
    package var request: DoctorRequest?
    /// For a service, the commands (and forms: "brief --sure") that ask it in this
    /// configuration, in `help`'s order (`RequestCost.commands(using:)`): what fails while it
    /// does; empty for other checks.
    package var affects: [String] = []

    package init(
        _ area: DoctorArea, _ subject: String, _ status: DoctorStatus, _ finding: String, advice: String? = nil,
        request: DoctorRequest? = nil
    ) {
        self.area = area
        self.subject = subject
        self.status = status
        self.finding = finding
        self.advice = advice
        self.request = request
    }
}

/// `doctor`'s answer: every check, in the order state, services, key, terminal, files.
package struct DoctorReport: Hashable, Sendable {
    package var checks: [DoctorCheck]
    /// Whether `doctor` is the whole run (`wx doctor`, `wx -c doctor`), whose exit status is
    /// its answer: the last line then names the status. At the prompt, in a script or beside
    /// other commands a status means nothing, and the line says what is off in words only.
    package var endsRun = false

    package init(checks: [DoctorCheck], endsRun: Bool = false) {
        self.checks = checks
        self.endsRun = endsRun
    }

    /// Whether nothing is off: the exit status is 0 then, else 1.
    package var allWell: Bool { !checks.contains { $0.status == .problem } }
}

extension CommandResult {
    /// `doctor` when something is off: the command counts as failed (exit status 1) without an
    /// error line — the report said what.
    package var isDoctorFindingTrouble: Bool {
        if case .doctor(let report) = self { return !report.allWell }
        return false
    }
}
