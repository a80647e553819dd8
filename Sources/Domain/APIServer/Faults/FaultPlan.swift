import LoupeToolbox
import RickAndMortyAPI

/// Faults the loopback server injects, so clients can be tested against a misbehaving server.
/// Rates are probabilities from 0 to 1, drawn per request from a generator seeded with `seed`, so
/// the same requests in the same order repeat exactly. A `misbehavior` replaces every answer.
package struct FaultPlan: Sendable, Hashable {
    package var latency: Duration
    /// When not empty, only requests whose path and query contain one of these wait `latency`:
    /// one answer made late by construction (e.g. `name=morty`), the rest prompt.
    package var slowOnly: [String]
    /// Share of requests answered 500 with an HTML error page.
    package var failRate: Double
    /// Share of requests answered 429 with `Retry-After`.
    package var throttleRate: Double
    /// Share of responses cut short *consistently*: `Content-Length` announces the shortened
    /// body, so HTTP sees a whole response and only the document's own end shows the loss.
    package var truncateRate: Double
    /// Share of responses whose connection is dropped mid-body: the whole length is announced,
    /// half is sent, then the connection closes.
    package var dropRate: Double
    /// `Retry-After` with 429, in seconds.
    package var retryAfterSeconds: Int
    package var seed: UInt64
    package var misbehavior: Misbehavior?
    /// The misbehavior is kept to avatar images (the JSON answers stay sound).
    package var misbehavesOnAvatarsOnly: Bool
    /// Requests whose path and query contain one of these are always answered 500: a fault that
    /// outlasts every retry (e.g. `character?page=3`).
    package var alwaysFailing: [String]

    package init(
        latency: Duration = .zero, failRate: Double = 0, throttleRate: Double = 0, truncateRate: Double = 0,
        dropRate: Double = 0, retryAfterSeconds: Int = 1, seed: UInt64 = 1, misbehavior: Misbehavior? = nil,
        misbehavesOnAvatarsOnly: Bool = false, alwaysFailing: [String] = [], slowOnly: [String] = []
    ) {
        self.latency = latency
        self.slowOnly = slowOnly
        self.failRate = failRate
        self.throttleRate = throttleRate
        self.truncateRate = truncateRate
        self.dropRate = dropRate
        self.retryAfterSeconds = retryAfterSeconds
        self.seed = seed
        self.misbehavior = misbehavior
        self.misbehavesOnAvatarsOnly = misbehavesOnAvatarsOnly
        self.alwaysFailing = alwaysFailing
    }

    package static let none = FaultPlan()
}

/// A hostile way of answering every request, for testing that clients give up in time.
package enum Misbehavior: String, Sendable, Hashable, CaseIterable {
    /// The real answer, one byte per second.
    case trickle
    /// `302 Found` back to the very URL asked for.
    case redirectLoop = "redirect-loop"
    /// A `Content-Length` of 1 GiB, then zeros.
    case oversize
    /// Zeros in chunks, with no length and no end.
    case endless
    /// The connection is accepted and the request read, and nothing is ever answered.
    case silent
}

/// Draws, per request, which fault of a `FaultPlan` (if any) to inject.
final class FaultInjector: Sendable {
    enum Fault: Equatable {
        case none, fail, throttle, truncate, drop
    }

    let plan: FaultPlan
    private let state: Locked<SplitMix64>

    init(plan: FaultPlan) {
        self.plan = plan
        self.state = Locked(SplitMix64(seed: plan.seed))
    }

    /// The fault for the next request; each configured rate is drawn independently, in order.
    func draw() -> Fault {
        guard plan.failRate > 0 || plan.throttleRate > 0 || plan.truncateRate > 0 || plan.dropRate > 0 else {
            return .none
        }
        return state.withLock { generator in
            if generator.nextUnit() < plan.failRate { return .fail }
            if generator.nextUnit() < plan.throttleRate { return .throttle }
            if generator.nextUnit() < plan.truncateRate { return .truncate }
            if generator.nextUnit() < plan.dropRate { return .drop }
            return .none
        }
    }
}
