/// Tells a double click from two clicks: the same item again within `interval`.
struct DoubleClick {
    var interval: Duration = .milliseconds(400)
    private var last: (index: Int, at: ContinuousClock.Instant)?

    /// Records a click on `index` at `instant`; `true` when it completes a double click.
    mutating func click(_ index: Int, at instant: ContinuousClock.Instant) -> Bool {
        guard let last, last.index == index, last.at.duration(to: instant) <= interval else {
            last = (index, instant)
            return false
        }
        // A third click starts a new pair.
        self.last = nil
        return true
    }
}
