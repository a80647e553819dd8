import Foundation

/// Runs work items across the cores, at most `width` at once, returning results in input order.
///
/// The bound keeps memory in flight proportional to the core count, not to the number of items.
enum BoundedWork {
    static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], width: Int = defaultWidth, _ transform: @escaping @Sendable (Input) async -> Output
    ) async -> [Output] {
        var results: [Output] = []
        results.reserveCapacity(inputs.count)
        await forEachInOrder(inputs, width: width, transform) { results.append($0) }
        return results
    }

    /// Like `map`, but hands each result to `output` in input order as soon as it and all before
    /// it are done, holding no more than the window of work in flight.
    static func forEachInOrder<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], width: Int = defaultWidth, _ transform: @escaping @Sendable (Input) async -> Output,
        output: (Output) -> Void
    ) async {
        await withTaskGroup(of: (Int, Output).self) { group in
            var next = 0
            for _ in 0..<min(max(1, width), inputs.count) {
                let index = next
                group.addTask { (index, await transform(inputs[index])) }
                next += 1
            }
            var ready: [Int: Output] = [:]
            var printed = 0
            while let (index, result) = await group.next() {
                ready[index] = result
                while let done = ready.removeValue(forKey: printed) {
                    output(done)
                    printed += 1
                }
                if next < inputs.count {
                    let index = next
                    group.addTask { (index, await transform(inputs[index])) }
                    next += 1
                }
            }
        }
    }

    /// One task per core.
    static var defaultWidth: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
