import Testing
import WeatherTestSupport

@testable import WXBasics

/// The order delayed jobs come due in, and the timer that sleeps until then — disarmed, not
/// ticking, once nothing waits.
@Suite(.tags(.unit)) struct DeadlineTimerTests {
    @Test func elementsComeDueEarliestFirstAndEqualDeadlinesInTheOrderAdded() {
        var deadlines = Deadlines<String>()
        deadlines.add("c", at: .seconds(30))
        deadlines.add("a", at: .seconds(10))
        deadlines.add("b1", at: .seconds(20))
        deadlines.add("d", at: .seconds(40))
        deadlines.add("b2", at: .seconds(20))
        #expect(deadlines.earliest == .seconds(10))
        #expect(deadlines.removeDue(at: .seconds(5)) == [])
        #expect(deadlines.removeDue(at: .seconds(20)) == ["a", "b1", "b2"])
        #expect(deadlines.earliest == .seconds(30))
        #expect(deadlines.removeDue(at: .seconds(45)) == ["c", "d"])
        #expect(deadlines.isEmpty && deadlines.earliest == nil)
    }

    /// What is past its deadline is handed back; the timer is then set for the next deadline,
    /// and for none once nothing waits.
    @Test func theTimerIsSetOnlyWhileSomethingWaits() async {
        let (handedBack, handing) = AsyncStream.makeStream(of: [String].self)
        let timer = DeadlineTimer<String>(name: "wx.test.timer") { handing.yield($0) }!
        var arrivals = handedBack.makeAsyncIterator()
        #expect(!timer.isArmed)

        timer.add("past", at: MonotonicClock.now - .seconds(1))
        #expect(await arrivals.next() == ["past"])
        #expect(!timer.isArmed)

        timer.add("in an hour", at: MonotonicClock.now + .seconds(3600))
        #expect(timer.isArmed)
        timer.add("also past", at: MonotonicClock.now - .seconds(1))
        #expect(await arrivals.next() == ["also past"])
        #expect(timer.isArmed)
    }
}
