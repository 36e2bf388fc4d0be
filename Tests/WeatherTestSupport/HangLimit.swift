import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of the tests that wait on a `TestClock`, an executor or another task: long
    /// enough that only a hang reaches it. Swift Testing counts it from the test's start,
    /// including the time its task waits for a thread of the cooperative pool — which the
    /// end-to-end tests, waiting for wx processes, can hold for most of a run on two processors
    /// (a 1-minute limit failed tests that finish in under a second alone: ServiceTimingTests at
    /// a load of ~20, MainThreadExecutorTests in a CI run of 218 s). A hang still fails the run
    /// within the CI's 90 minutes.
    package static var hangLimit: Self { .timeLimit(.minutes(10)) }
}
