import CLineScan
import FoundationEssentials
import WXBasics
import WeatherKit

/// The looks kept in the log (records of kind `look`, `LookRecord`): appended after each look,
/// read back newest first within their bounds — the last `keptPerPlace` per place, at most
/// `mostPlaces` places (the place looked at longest ago dropped first) — and compacted to those
/// bounds by `compact(now:)`. `check --changed` keeps its own marks the same way, apart from
/// the user's looks (`Look.command == Look.checkMark`).
extension EventLog {
    /// The looks kept per place (and per kind: the user's, check's marks), newest first.
    package static let keptLooksPerPlace = 2
    /// The most places whose looks are kept.
    package static let mostLookPlaces = 500

    /// Appends `look` as a record of its own. A look is a convenience: when the log cannot be
    /// written it is not kept in memory for later (the error says so, and nothing else is lost);
    /// nor is it synced to the disk as a command or a snapshot is (an fdatasync, 4–10 ms, at
    /// every `show`): the next answer makes it again, a crash loses at most the last one, and a
    /// line a crash tore is skipped by every reader (the next record starts on a line of its own).
    ///
    /// - Throws: `StoreError.recordTooLong` (not possible within `Look`'s bounds, checked all
    ///   the same), another `StoreError` when the log cannot be written.
    /// - Parameter wait: how long another process holding the lock is waited for: as for a
    ///   change (`.bounded`), for a look of `show` (once dropped silently after a moment's wait)
    ///   and check's mark alike.
    package func appendLook(_ look: Look, wait: LockWait = .bounded) throws(StoreError) {
        let bytes = try Self.encoded(LookRecord(look))
        defer { keepIndexCurrent() }
        try StoreFiles.locked(folder, fileSystem, wait: wait) { () throws(StoreError) in
            try writePending()
            try appendLine(bytes, durable: false)
        }
    }

    /// The group a look is bounded in: its place, and whether it is check's mark.
    static func lookGroup(_ look: Look) -> String {
        look.command == Look.checkMark ? look.placeKey + "#check" : look.placeKey
    }

    /// The last look at the place `key` made at or before `now`, within the bounds: nil when
    /// there is none, or when `mostLookPlaces` other places were looked at since.
    ///
    /// - Parameters:
    ///   - checkMark: whether to read `check --changed`'s mark rather than the user's looks.
    ///   - wanted: which looks count (all by default; `changed` asks for the last with the
    ///     ensemble's chance, which a later look without it does not replace).
    ///   - since: no look at the place before this instant is wanted: the reading stops at the
    ///     first such (looks are appended in time order), not at the log's start.
    /// - Returns: `lastLooks`' `wanted`.
    package func lastLook(
        at key: String, checkMark: Bool = false, notAfter now: Date, since: Date? = nil,
        where wanted: (Look) -> Bool = { _ in true }
    ) -> Look? {
        lastLooks(at: key, checkMark: checkMark, notAfter: now, wantedSince: since ?? .distantPast, where: wanted)
            .wanted
    }

    /// The last look at the place `key` made at or before `now` and, in the same reading
    /// backwards, the last of those that is `wanted` and not before `since`, so that `changed`
    /// and `check --changed` read the log's tail once for the last look and the last with the
    /// ensemble's chance (`lastLook` is its `wanted` alone).
    ///
    /// - Returns: `last`, nil when there is none (or `mostLookPlaces` other places were looked
    ///   at since); `wanted`, nil when there is none of those (the reading for it stops at the
    ///   place's first look before `since`).
    package func lastLooks(
        at key: String, checkMark: Bool = false, notAfter now: Date, wantedSince since: Date,
        where wanted: (Look) -> Bool
    ) -> (last: Look?, wanted: Look?) {
        let place = checkMark ? key + "#check" : key
        var others = Set<String>()
        var last: Look?
        var found: Look?
        // The place's first look before `since` ends the search for `wanted`, not for `last`.
        var pastSince = false
        var malformed = 0
        var tornMark = false
        backwards { line in
            guard let look = Self.lookLine(line, malformed: &malformed) else {
                // Newer than any mark found: a damaged mark of check's is said, not passed over.
                if checkMark, last == nil, Self.isTornCheckMark(line) { tornMark = true }
                return true
            }
            let group = Self.lookGroup(look)
            if group == place {
                if look.time < since { pastSince = true }
                if look.time <= now {
                    if last == nil { last = look }
                    if !pastSince, found == nil, wanted(look) { found = look }
                }
                return last == nil || (found == nil && !pastSince)
            }
            others.insert(group)
            return others.count < Self.mostLookPlaces
        }
        noteMalformedLooks(malformed)
        if tornMark, last != nil, !notes.contains(.unreadableCheckMark) { notes.append(.unreadableCheckMark) }
        return (last, found)
    }

    /// Whether `line` cannot be read as a record yet holds check's command name as its look
    /// records write it: a mark of check's torn or damaged (for any place: its key may be what
    /// was lost).
    static func isTornCheckMark(_ line: UnsafeRawBufferPointer) -> Bool {
        guard classify(line).kind == .unreadable, let base = line.baseAddress else { return false }
        let needle: StaticString = #""command":"check""#
        return wx_find_bytes(base, line.count, needle.utf8Start, needle.utf8CodeUnitCount) != nil
    }

    /// Every look kept, within the bounds: by group, newest first; and the groups, the one
    /// looked at last first. Reads the whole log, backwards.
    package func keptLooks() -> (groups: [String], looks: [String: [Look]]) {
        var groups: [String] = []
        var looks: [String: [Look]] = [:]
        var malformed = 0
        backwards { line in
            guard let look = Self.lookLine(line, malformed: &malformed) else { return true }
            let group = Self.lookGroup(look)
            if let kept = looks[group] {
                if kept.count < Self.keptLooksPerPlace { looks[group]!.append(look) }
            } else if groups.count < Self.mostLookPlaces {
                groups.append(group)
                looks[group] = [look]
            }
            return true
        }
        noteMalformedLooks(malformed)
        return (groups, looks)
    }

    /// The look a line holds; nil for a line of another kind, or a look record that cannot be
    /// read (counted in `malformed`).
    static func lookLine(_ line: UnsafeRawBufferPointer, malformed: inout Int) -> Look? {
        let (kind, parsed) = classify(line)
        guard kind == .other, let parsed, parsed["kind"]?.recordString == LookRecord.kindName else { return nil }
        guard let look = LookRecord.look(parsed) else {
            malformed += 1
            return nil
        }
        return look
    }

    private func noteMalformedLooks(_ count: Int) {
        guard count > 0, !notes.contains(.unreadableLooksSkipped(count: count)) else { return }
        notes.append(.unreadableLooksSkipped(count: count))
    }

    /// Which look records compaction keeps: for each group its last `keptLooksPerPlace`, and
    /// the last with the ensemble's chance when those have none (`changed` compares the chance
    /// with it: trial, a look without the ensemble hid a jump from 3 to 30 of 51), for the
    /// `mostLookPlaces` groups looked at last; given as the look records' ordinals, counted from
    /// the log's first look record (0).
    func lookOrdinalsToKeep() -> Set<Int> {
        var ordinals: [(group: String, ordinal: Int, chance: Bool)] = []
        var malformed = 0
        _ = openLog()?.linesForward(from: 0) { line in
            if let look = Self.lookLine(line, malformed: &malformed) {
                ordinals.append(
                    (Self.lookGroup(look), ordinals.count, look.chance != nil || look.chanceTomorrow != nil))
            }
        }
        var kept = Set<Int>()
        var perGroup: [String: Int] = [:]
        var withChance = Set<String>()
        for (group, ordinal, chance) in ordinals.reversed() {
            let count = perGroup[group]
            if count == nil, perGroup.count >= Self.mostLookPlaces { continue }
            guard (count ?? 0) < Self.keptLooksPerPlace || (chance && !withChance.contains(group)) else { continue }
            perGroup[group] = (count ?? 0) + 1
            if chance { withChance.insert(group) }
            kept.insert(ordinal)
        }
        return kept
    }
}

extension Look {
    /// The `command` of `check --changed`'s mark: what check last told a script, kept apart
    /// from the user's looks.
    package static let checkMark = "check"
}
