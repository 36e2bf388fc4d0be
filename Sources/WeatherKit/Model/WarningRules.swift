import FoundationEssentials

/// The rules every warning feed shares, applied once to what any feed gave.
package enum WarningRules {
    /// The warnings in force or announced at `now`, most severe first (then the earliest onset):
    ///
    /// - test, exercise, system and draft messages are dropped (`status` not Actual);
    /// - a message another message updates or cancels (`references`, `msgType` Update/Cancel)
    ///   is dropped, and so is every cancellation itself;
    /// - green / level-1 entries (MeteoAlarm's "no warnings") are dropped;
    /// - a warning whose end (`ends`, else `expires`) is not after `now` is dropped;
    /// - the same identifier twice (one message in several languages) is kept once.
    package static func current(_ warnings: [WeatherWarning], now: Date) -> [WeatherWarning] {
        let real = warnings.filter { $0.status == .actual }
        let replaced = Set(real.filter { $0.messageType != .alert }.flatMap(\.references))
        var seen = Set<String>()
        let kept = real.filter { warning in
            guard warning.messageType != .cancel, !replaced.contains(warning.id), warning.level != .green else {
                return false
            }
            if let end = warning.end, end <= now { return false }
            return seen.insert(warning.id).inserted
        }
        return kept.sorted(by: moreSevere)
    }

    /// Those of `warnings` in force at `now` (begun, not ended), in the same order.
    package static func inForce(_ warnings: [WeatherWarning], now: Date) -> [WeatherWarning] {
        warnings.filter { $0.isInForce(at: now) }
    }

    /// Whether `a` comes before `b`: higher severity, then higher colour level, then earlier
    /// onset (no onset first: in force already), then identifier.
    static func moreSevere(_ a: WeatherWarning, _ b: WeatherWarning) -> Bool {
        if a.severity.rank != b.severity.rank { return a.severity.rank > b.severity.rank }
        let levelA = a.level?.rawValue ?? 0
        let levelB = b.level?.rawValue ?? 0
        if levelA != levelB { return levelA > levelB }
        let onsetA = a.onset?.timeIntervalSince1970 ?? -.infinity
        let onsetB = b.onset?.timeIntervalSince1970 ?? -.infinity
        if onsetA != onsetB { return onsetA < onsetB }
        return a.id < b.id
    }
}

/// A GeoJSON geometry's outer rings, for asking whether a point lies in a warning's area.
package struct WarningArea: Hashable, Sendable {
    /// Outer rings as (longitude, latitude) pairs in degrees, one per polygon; holes are ignored
    /// (a warning area with a hole around the point is rare, and warning too widely is the
    /// safer error).
    package var rings: [[(Double, Double)]]

    package static func == (a: WarningArea, b: WarningArea) -> Bool {
        a.rings.count == b.rings.count
            && zip(a.rings, b.rings).allSatisfy { $0.count == $1.count && zip($0, $1).allSatisfy { $0 == $1 } }
    }
    package func hash(into hasher: inout Hasher) { hasher.combine(rings.count) }

    /// Whether `coordinate` lies inside any ring (even-odd rule).
    package func contains(_ coordinate: Coordinate) -> Bool {
        let x = coordinate.longitude
        let y = coordinate.latitude
        for ring in rings where ring.count >= 3 {
            var inside = false
            var previous = ring[ring.count - 1]
            for point in ring {
                if (point.1 > y) != (previous.1 > y) {
                    let crossing = (previous.0 - point.0) * (y - point.1) / (previous.1 - point.1) + point.0
                    if x < crossing { inside.toggle() }
                }
                previous = point
            }
            if inside { return true }
        }
        return false
    }
}
