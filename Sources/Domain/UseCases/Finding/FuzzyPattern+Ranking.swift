extension FuzzyPattern {
    /// The candidates this pattern matches, as fzf's `--tiebreak=length` ranks them (score, trimmed
    /// length, order); an empty or all-inverse pattern keeps list order with score 0. Without
    /// `positions` the pass is cheaper: a view asks `match(at:in:)` for the rows it shows.
    package func matches(in candidates: FuzzyCandidates, positions: Bool = true) -> [FuzzyMatch] {
        if isEmpty { return (0..<candidates.count).map { FuzzyMatch(index: $0, score: 0, positions: []) } }
        let matcher = FuzzyMatcher()
        let plan = Plan(self)
        let ranked = isRanked
        var found: [Found] = []
        var offsets: [Int32] = []
        candidates.withView { view in
            plan.withSteps { steps, scalars in
                for index in 0..<candidates.count {
                    guard
                        let score = Self.score(
                            at: index, in: view, steps: steps, scalars: scalars, matcher: matcher,
                            positions: positions)
                    else { continue }
                    var key = UInt64(truncatingIfNeeded: index)
                    if ranked {
                        let clamped = UInt64(min(max(score, 0), Int(UInt16.max)))
                        key |= (UInt64(UInt16.max) - clamped) << 48 | UInt64(candidates.lengths[index]) << 32
                    }
                    let start = offsets.count
                    if positions {
                        let slab = matcher.slab
                        offsets.append(contentsOf: UnsafeBufferPointer(start: slab.positions.base, count: slab.positionCount))
                    }
                    found.append(Found(key: key, index: index, score: score, positions: start..<offsets.count))
                }
            }
        }
        if ranked { found.sort { $0.key < $1.key } }
        return found.map { match in
            guard positions else { return FuzzyMatch(index: match.index, score: match.score, positions: []) }
            let scalars = FuzzySlab.ascendingUnique(offsets[match.positions].map(Int.init))
            return FuzzyMatch(
                index: match.index, score: match.score,
                positions: candidates.characterOffsets(scalars, at: match.index))
        }
    }

    package func match(at index: Int, in candidates: FuzzyCandidates) -> FuzzyMatch? {
        if isEmpty { return FuzzyMatch(index: index, score: 0, positions: []) }
        let matcher = FuzzyMatcher()
        let scored = candidates.withView { view in
            Plan(self).withSteps { steps, scalars in
                Self.score(at: index, in: view, steps: steps, scalars: scalars, matcher: matcher, positions: true)
            }
        }
        guard let score = scored else { return nil }
        return FuzzyMatch(
            index: index, score: score,
            positions: candidates.characterOffsets(matcher.slab.sortedPositions(), at: index))
    }

    package func match(_ name: String) -> FuzzyMatch? {
        match(at: 0, in: FuzzyCandidates([name]))
    }

    /// fzf's extended match: every group needs a term that matches (an inverse term by not
    /// matching); the score is the sum of the terms that decided their groups.
    private static func score(
        at index: Int, in view: FuzzyCandidates.View, steps: UnsafeBufferPointer<Plan.Step>,
        scalars: UnsafeBufferPointer<UInt32>, matcher: FuzzyMatcher, positions: Bool
    ) -> Int? {
        if positions { matcher.slab.clearPositions() }
        var total = 0, step = 0
        while step < steps.count {
            var matched = false, decided = false, setScore = 0
            repeat {
                let term = steps[step]
                step += 1
                if decided { continue }
                let text = view.text(at: index, caseSensitive: term.caseSensitive, normalize: term.normalizes, slab: matcher.slab)
                let score = matcher.score(
                    term.algorithm, UnsafeBufferPointer(rebasing: scalars[term.text]), in: text,
                    positions: positions && !term.isInverse)
                if let score {
                    if term.isInverse { continue }
                    setScore = score
                    matched = true
                    decided = true
                } else if term.isInverse {
                    setScore = 0
                    matched = true
                }
            } while !steps[step - 1].endsSet
            guard matched else { return nil }
            total += setScore
        }
        return total
    }

    /// The terms laid flat, so that none is retained or released per name.
    private struct Plan {
        struct Step {
            var algorithm: FuzzyMatcher.Algorithm
            var isInverse: Bool
            var caseSensitive: Bool
            var normalizes: Bool
            var text: Range<Int>
            /// The last term of its OR group.
            var endsSet: Bool
        }

        var steps: [Step] = []
        var scalars: [UInt32] = []

        init(_ pattern: FuzzyPattern) {
            for set in pattern.termSets {
                for (offset, term) in set.enumerated() {
                    steps.append(
                        Step(
                            algorithm: term.algorithm, isInverse: term.isInverse, caseSensitive: term.caseSensitive,
                            normalizes: term.normalizes, text: scalars.count..<(scalars.count + term.scalars.count),
                            endsSet: offset == set.count - 1))
                    scalars.append(contentsOf: term.scalars)
                }
            }
        }

        func withSteps<Result>(_ body: (UnsafeBufferPointer<Step>, UnsafeBufferPointer<UInt32>) -> Result) -> Result {
            steps.withUnsafeBufferPointer { steps in scalars.withUnsafeBufferPointer { body(steps, $0) } }
        }
    }

    /// A match before sorting: its sort key (fzf's points) and positions in the pass's flat array.
    private struct Found {
        var key: UInt64
        var index: Int
        var score: Int
        var positions: Range<Int>
    }
}
