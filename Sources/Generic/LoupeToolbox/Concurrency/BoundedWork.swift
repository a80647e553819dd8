/// Runs work items at most `width` at once: results in input order, or each as it completes.
///
/// The bound keeps memory and connections in flight proportional to the window, not to the
/// number of items. The width comes from a `Workload`, the one policy for it.
package enum BoundedWork {
    /// `transform` over `inputs`, results in input order.
    package static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ workload: Workload, _ transform: @escaping @Sendable (Input) async -> Output
    ) async -> [Output] {
        var results: [Output] = []
        results.reserveCapacity(inputs.count)
        await forEachInOrder(inputs, workload, transform) { results.append($0) }
        return results
    }

    /// Like `map`, but hands each result to `output` in input order as soon as it and all before
    /// it are done, holding no more than the window of work in flight.
    package static func forEachInOrder<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ workload: Workload, _ transform: @escaping @Sendable (Input) async -> Output,
        output: (Output) -> Void
    ) async {
        var ready: [Int: Output] = [:]
        var printed = 0
        await forEachAsCompleted(Array(inputs.indices), workload, { index in await transform(inputs[index]) }) {
            index, result in
            ready[index] = result
            while let done = ready.removeValue(forKey: printed) {
                output(done)
                printed += 1
            }
        }
    }

    /// Hands each input and its result to `completed` as it finishes, in no set order.
    package static func forEachAsCompleted<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ workload: Workload, _ transform: @escaping @Sendable (Input) async -> Output,
        completed: (Input, Output) -> Void
    ) async {
        let (arriving, all) = AsyncStream.makeStream(of: Input.self)
        for input in inputs { all.yield(input) }
        all.finish()
        await forEachAsCompleted(arriving: arriving, workload, transform, completed: completed)
    }

    /// The same over inputs that arrive over time (a stream fed as pages come in): each is
    /// started as soon as it arrives and the window has room.
    package static func forEachAsCompleted<Inputs: AsyncSequence & Sendable, Output: Sendable>(
        arriving inputs: Inputs, _ workload: Workload,
        _ transform: @escaping @Sendable (Inputs.Element) async -> Output,
        completed: (Inputs.Element, Output) -> Void
    ) async where Inputs.Element: Sendable, Inputs.Failure == Never {
        await withTaskGroup(of: (Inputs.Element, Output).self) { group in
            var running = 0
            let width = max(1, workload.width)
            for await input in inputs {
                if running >= width, let (done, result) = await group.next() {
                    completed(done, result)
                    running -= 1
                }
                group.addTask { (input, await transform(input)) }
                running += 1
            }
            while let (done, result) = await group.next() { completed(done, result) }
        }
    }
}
