extension Duration {
    /// The duration in seconds, as a `Double` (for printing and for C timeouts).
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in whole milliseconds, rounded down and never negative.
    package var milliseconds: Int64 {
        max(0, components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000)
    }
}
