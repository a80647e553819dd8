extension ImageRequest {
    /// How soon a request's download starts when the pipeline's loads are all busy, as Nuke's:
    /// the highest waiting priority goes next, and requests of one priority go in the order they
    /// came. A task's priority may change while it waits (`ImageTask.priority`).
    public enum Priority: Int, Sendable, Hashable, Comparable, CaseIterable {
        case veryLow, low, normal, high, veryHigh

        public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
