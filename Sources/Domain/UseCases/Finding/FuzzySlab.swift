/// fzf's slab: scratch memory reused from one candidate to the next, which only grows. One matching
/// pass owns one (not `Sendable`).
final class FuzzySlab {
    private(set) var scores = Buffer<Int16>()
    private(set) var firstOccurrences = Buffer<Int32>()
    private(set) var text = Buffer<UInt32>()
    /// The positions (scalar offsets) of the last match, in no particular order.
    private(set) var positions = Buffer<Int32>()
    private(set) var positionCount = 0

    init() {}

    deinit {
        scores.free()
        firstOccurrences.free()
        text.free()
        positions.free()
    }

    /// Room for `count`, which may hold what an earlier match left.
    func scores(_ count: Int) -> UnsafeMutablePointer<Int16> { scores.reserve(count) }
    func firstOccurrences(_ count: Int) -> UnsafeMutablePointer<Int32> { firstOccurrences.reserve(count) }
    func text(_ count: Int) -> UnsafeMutablePointer<UInt32> { text.reserve(count) }

    func clearPositions() {
        positionCount = 0
    }

    func appendPosition(_ offset: Int) {
        if positionCount == positions.capacity { positions.grow() }
        positions.base[positionCount] = Int32(offset)
        positionCount += 1
    }

    func sortedPositions() -> [Int] {
        Self.ascendingUnique((0..<positionCount).map { Int(positions.base[$0]) })
    }

    /// `offsets` ascending, each once (two terms may match the same character).
    static func ascendingUnique(_ offsets: [Int]) -> [Int] {
        var unique: [Int] = []
        unique.reserveCapacity(offsets.count)
        for offset in offsets.sorted() where unique.last != offset { unique.append(offset) }
        return unique
    }

    /// A growing block of memory: `reserve` does not keep what it held, `grow` does.
    struct Buffer<Element: FixedWidthInteger> {
        private(set) var base: UnsafeMutablePointer<Element>
        private(set) var capacity = 64

        init() {
            base = .allocate(capacity: capacity)
            base.initialize(repeating: 0, count: capacity)
        }

        mutating func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
            if count > capacity {
                base.deallocate()
                capacity = max(count, capacity * 2)
                base = .allocate(capacity: capacity)
                base.initialize(repeating: 0, count: capacity)
            }
            return base
        }

        mutating func grow() {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.initialize(repeating: 0, count: capacity * 2)
            larger.update(from: base, count: capacity)
            base.deallocate()
            base = larger
            capacity *= 2
        }

        func free() { base.deallocate() }
    }
}
