import RickAndMortyAPI
import LoupeToolbox

extension SplitMix64 {
    mutating func pick<T>(_ items: [T]) -> T {
        items[Int(next() % UInt64(items.count))]
    }

    /// One of `items`, with probability proportional to its weight.
    mutating func pick<T>(weighted items: [(T, Double)]) -> T {
        let total = items.reduce(0) { $0 + $1.1 }
        var target = nextUnit() * total
        for (item, weight) in items {
            if target < weight { return item }
            target -= weight
        }
        return items[items.count - 1].0
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ probability: Double) -> Bool {
        nextUnit() < probability
    }
}
