import FoundationEssentials
import WXBasics
import WeatherKit

/// The heaviest spell after the one `rain` names, within its horizon: what the line under its
/// sentence says and its JSON `heaviest_later` gives (trial 62: "about 0.1 mm" was said alone
/// while 31 mm fell that evening).
struct HeaviestLaterSpell: Hashable, Sendable {
    /// The spell: instants, its amount in mm (the sum of its hours).
    var spell: LaterSpell
    /// How many spells follow the first within the horizon (this one among them).
    var count: Int

    /// Of the spells after `outlook`'s that start within its horizon — found as `brief` finds
    /// them (`BriefRules.laterSpells`: each hour's amount the hour before its time, a spell
    /// followed to its end) — the one with the most mm, the first of equals. Nil when the
    /// outlook is dry, still wet where it ends, or dry after its spell.
    init?(_ forecast: Forecast, _ outlook: PrecipitationOutlook, now: Date) {
        guard outlook.kind != .dry, let end = outlook.end else { return nil }
        let later = BriefRules.laterSpells(forecast, after: end, until: now.addingTimeInterval(outlook.horizonSeconds))
        guard var heaviest = later.first else { return nil }
        for spell in later where spell.totalMillimetres > heaviest.totalMillimetres { heaviest = spell }
        spell = heaviest
        count = later.count
    }
}
