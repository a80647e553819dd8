import LoupePipeline

extension APIAccess {
    /// The command's whole deadline (`--timeout`), the instant its transport keeps; `nil`
    /// without one, and offline (nothing waits for the network).
    var deadline: ContinuousClock.Instant? {
        (images.configuration.dataLoader as? ImageFetcher)?.transport.configuration.deadline
    }
}
