import LoupeToolbox

/// The memory tier: least recently used entries go first once the total cost or count passes its
/// limit. Thread-safe; a doubly linked list threaded through an array of slots keeps every
/// operation O(1) without a heap object per entry.
public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Slot {
        var key: Key
        var value: Value
        var cost: Int
        var previous: Int
        var next: Int
    }

    private struct Storage {
        var slots: [Slot?] = []
        var free: [Int] = []
        var index: [Key: Int] = [:]
        /// Most recently used.
        var head = -1
        /// Least recently used: evicted first.
        var tail = -1
        var statistics = MemoryStatistics()
    }

    public let limits: MemoryCacheLimits
    private let storage = Locked(Storage())

    public init(limits: MemoryCacheLimits) {
        self.limits = limits
    }

    public var statistics: MemoryStatistics { storage.withLock { $0.statistics } }

    /// The value for `key`, now the most recently used; `nil` on a miss.
    public func value(for key: Key) -> Value? {
        storage.withLock { storage in
            guard let slot = storage.index[key], let value = storage.slots[slot]?.value else {
                storage.statistics.misses += 1
                return nil
            }
            storage.statistics.hits += 1
            Self.unlink(slot, in: &storage)
            Self.pushFront(slot, in: &storage)
            return value
        }
    }

    public func removeAll() {
        storage.withLock { storage in
            while let last = storage.index.values.first { Self.remove(last, in: &storage) }
        }
    }

    public func remove(_ key: Key) {
        storage.withLock { storage in
            if let existing = storage.index[key] { Self.remove(existing, in: &storage) }
        }
    }

    public func set(_ value: Value, for key: Key, cost: Int) {
        storage.withLock { storage in
            if let existing = storage.index[key] { Self.remove(existing, in: &storage) }
            guard cost <= limits.maxEntryCost, limits.count > 0 else { return }
            let slot: Int
            let new = Slot(key: key, value: value, cost: cost, previous: -1, next: -1)
            if let reused = storage.free.popLast() {
                slot = reused
                storage.slots[slot] = new
            } else {
                slot = storage.slots.count
                storage.slots.append(new)
            }
            storage.index[key] = slot
            Self.pushFront(slot, in: &storage)
            storage.statistics.entries += 1
            storage.statistics.cost += cost
            while storage.statistics.cost > limits.totalCost || storage.statistics.entries > limits.count,
                storage.tail >= 0
            {
                Self.remove(storage.tail, in: &storage)
                storage.statistics.evictions += 1
            }
        }
    }

    /// The keys from most to least recently used (for tests and diagnostics).
    package var keysByRecency: [Key] {
        storage.withLock { storage in
            var keys: [Key] = []
            var slot = storage.head
            while slot >= 0, let entry = storage.slots[slot] {
                keys.append(entry.key)
                slot = entry.next
            }
            return keys
        }
    }

    // MARK: The list

    private static func remove(_ slot: Int, in storage: inout Storage) {
        guard let entry = storage.slots[slot] else { return }
        unlink(slot, in: &storage)
        storage.index[entry.key] = nil
        storage.slots[slot] = nil
        storage.free.append(slot)
        storage.statistics.entries -= 1
        storage.statistics.cost -= entry.cost
    }

    private static func unlink(_ slot: Int, in storage: inout Storage) {
        guard let entry = storage.slots[slot] else { return }
        if entry.previous >= 0 { storage.slots[entry.previous]?.next = entry.next } else { storage.head = entry.next }
        if entry.next >= 0 { storage.slots[entry.next]?.previous = entry.previous } else { storage.tail = entry.previous }
        storage.slots[slot]?.previous = -1
        storage.slots[slot]?.next = -1
    }

    private static func pushFront(_ slot: Int, in storage: inout Storage) {
        storage.slots[slot]?.next = storage.head
        storage.slots[slot]?.previous = -1
        if storage.head >= 0 { storage.slots[storage.head]?.previous = slot }
        storage.head = slot
        if storage.tail < 0 { storage.tail = slot }
    }
}

public struct MemoryCacheLimits: Sendable, Hashable {
    /// The sum of entries' costs (for bitmaps: decoded bytes).
    public var totalCost: Int
    public var count: Int
    /// An entry costing more is not kept at all, so one huge image cannot flush the rest.
    public var maxEntryCost: Int

    public init(totalCost: Int, count: Int, maxEntryCost: Int) {
        self.totalCost = totalCost
        self.count = count
        self.maxEntryCost = maxEntryCost
    }

    /// For decoded thumbnails: 64 MiB, 2,000 entries, 8 MiB each at most.
    public static let thumbnails = MemoryCacheLimits(totalCost: 64 << 20, count: 2000, maxEntryCost: 8 << 20)
}

public struct MemoryStatistics: Sendable, Hashable, Codable {
    public var hits = 0
    public var misses = 0
    public var evictions = 0
    public var entries = 0
    public var cost = 0

    public init() {}
}
