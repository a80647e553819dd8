/// What `TerminalProbe` found for the terminal, and how.
public struct ProbeResult: Sendable, Hashable {
    /// The terminal's answers; `nil` when it said nothing in time.
    public var answers: ProbeAnswers?
    /// Read from `ProbeMemory` (an earlier command in this terminal session asked), not asked now.
    public var remembered: Bool
    /// How long the answers took to come, from the queries to the last answer, when measured.
    public var roundTrip: Duration?

    public init(answers: ProbeAnswers?, remembered: Bool, roundTrip: Duration? = nil) {
        self.answers = answers
        self.remembered = remembered
        self.roundTrip = roundTrip
    }
}
