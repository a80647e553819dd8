extension FuzzyMatcher {
    /// fzf's ExactMatchNaive (and ExactMatchBoundary with `boundary`): `pattern` as a substring,
    /// the occurrence whose first character has the highest bonus (the first at a word start).
    func exact(_ pattern: UnsafeBufferPointer<UInt32>, in text: FuzzyText, boundary: Bool, positions: Bool) -> Int? {
        let m = pattern.count, n = text.count
        if m == 0 { return 0 }
        if n < m { return nil }
        guard Self.scope(of: pattern, in: text) != nil else { return nil }
        var pidx = 0, bestPos = -1
        var bonus: Int16 = 0, boundaryBonus: Int16 = 0, bestBonus: Int16 = -1
        var index = 0
        while index < n {
            var matched = pattern[pidx] == text.text[index]
            if matched {
                if pidx == 0 { bonus = text.bonus(index) }
                if boundary {
                    if pidx == 0 { boundaryBonus = bonus }
                    matched = boundaryBonus >= Self.bonusBoundary
                    if matched && pidx == 0 { matched = index == 0 || text.isBoundary(index - 1) }
                    if matched && pidx == m - 1 { matched = index == n - 1 || text.isBoundary(index + 1) }
                }
            }
            if matched {
                pidx += 1
                if pidx == m {
                    if bonus > bestBonus {
                        bestPos = index
                        bestBonus = bonus
                    }
                    if bonus >= Self.bonusBoundary { break }
                    index -= pidx - 1
                    pidx = 0
                    bonus = 0
                }
            } else {
                index -= pidx
                pidx = 0
                bonus = 0
            }
            index += 1
        }
        guard bestPos >= 0 else { return nil }
        let start = bestPos - m + 1, end = bestPos + 1
        var score: Int
        if boundary {
            // fzf scores from the bonus of the occurrence it stopped at, and ranks a boundary at
            // an underscore below the others.
            score = Int(bonus)
            var deduct = Int(bonus - Self.bonusBoundary) + 1
            if start > 0 && text.original[start - 1] == 0x5F {
                score -= deduct + 1
                deduct = 1
            }
            if end < n && text.original[end] == 0x5F { score -= deduct }
            score += Int(Self.scoreMatch) * m + Int(Self.bonusBoundaryWhite) * (m + 1)
        } else {
            score = alignmentScore(pattern, in: text, from: start, to: end, positions: false)
        }
        if positions { appendPositions(start..<end) }
        return score
    }

    /// fzf's PrefixMatch: `pattern` at the start, after leading white space unless it starts with
    /// white space itself.
    func prefix(_ pattern: UnsafeBufferPointer<UInt32>, in text: FuzzyText, positions: Bool) -> Int? {
        let m = pattern.count
        if m == 0 { return 0 }
        let start = Self.isWhite(pattern[0]) ? 0 : text.leadingWhiteSpace
        if text.count - start < m { return nil }
        for index in 0..<m where text.text[start + index] != pattern[index] { return nil }
        if positions { appendPositions(start..<(start + m)) }
        return alignmentScore(pattern, in: text, from: start, to: start + m, positions: false)
    }

    /// fzf's SuffixMatch: `pattern` at the end, before trailing white space unless it ends with
    /// white space itself.
    func suffix(_ pattern: UnsafeBufferPointer<UInt32>, in text: FuzzyText, positions: Bool) -> Int? {
        let m = pattern.count
        var end = text.count
        if m == 0 || !Self.isWhite(pattern[m - 1]) { end -= text.trailingWhiteSpace }
        if m == 0 { return 0 }
        let start = end - m
        if start < 0 { return nil }
        for index in 0..<m where text.text[start + index] != pattern[index] { return nil }
        if positions { appendPositions(start..<end) }
        return alignmentScore(pattern, in: text, from: start, to: end, positions: false)
    }

    /// fzf's EqualMatch: `pattern` is the whole text, white space around it aside; an empty
    /// pattern matches nothing.
    func equal(_ pattern: UnsafeBufferPointer<UInt32>, in text: FuzzyText, positions: Bool) -> Int? {
        let m = pattern.count
        if m == 0 { return nil }
        let start = Self.isWhite(pattern[0]) ? 0 : text.leadingWhiteSpace
        let trailing = Self.isWhite(pattern[m - 1]) ? 0 : text.trailingWhiteSpace
        if text.count - start - trailing != m { return nil }
        for index in 0..<m where text.text[start + index] != pattern[index] { return nil }
        if positions { appendPositions(start..<(start + m)) }
        let white = Int(Self.bonusBoundaryWhite)
        return (Int(Self.scoreMatch) + white) * m + Int(Self.bonusFirstCharMultiplier - 1) * white
    }

    private func appendPositions(_ range: Range<Int>) {
        for offset in range { slab.appendPosition(offset) }
    }

    private static func isWhite(_ value: UInt32) -> Bool {
        FuzzyScalar.characterClass(of: value) == .white
    }
}
