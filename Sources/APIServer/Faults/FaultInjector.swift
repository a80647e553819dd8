import RickAndMortyAPI
import LoupeToolbox

/// Draws, per request, which fault of a `FaultPlan` (if any) to inject.
final class FaultInjector: Sendable {
    enum Fault: Equatable {
        case none
        case fail
        case throttle
        case truncate
        case drop
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
