/// fzf's match functions, ported from its `src/algo/algo.go` (junegunn/fzf, MIT:
/// LICENSES/fzf.txt) with its scores: the optimal fuzzy alignment (FuzzyMatchV2) and the exact,
/// word-bounded, prefix, suffix and whole-text matches its search syntax asks for.
///
/// A match earns 16 a character, a gap costs 3 to open and 1 a character more; a character at a
/// word start earns a bonus (10 after white space or at the start, 9 after `/,:;|`, 8 after other
/// punctuation), a camelCase hump or a first digit 7; the pattern's first character earns its
/// bonus twice, and a run of consecutive matches keeps its first character's bonus.
///
/// A matcher holds scratch memory (fzf's slab) that each match reuses: use one per thread.
package struct FuzzyMatcher {
    /// fzf's term types: `term` (FuzzyMatchV2), `'term`, `'term'`, `^term`, `term$`, `^term$`.
    package enum Algorithm: Sendable, Hashable {
        case fuzzy, exact, exactBoundary, prefix, suffix, equal
    }

    let slab = FuzzySlab()

    package init() {}

    /// fzf's score and matched offsets of `pattern` in `text`, or `nil`. The pattern is folded as the
    /// text is: lower case unless `caseSensitive`, accents dropped when `normalize` (fzf's `--literal` off).
    package func match(
        _ algorithm: Algorithm, _ pattern: String, in text: String, caseSensitive: Bool = false, normalize: Bool = true
    ) -> FuzzyMatch? {
        let candidates = FuzzyCandidates([text])
        var scalars = pattern.unicodeScalars.map { FuzzyScalar.straightened($0.value) }
        if !caseSensitive { scalars = scalars.map(FuzzyScalar.lowercase) }
        if normalize { scalars = scalars.map(FuzzyScalar.normalized) }
        slab.clearPositions()
        let score = candidates.withView { view in
            scalars.withUnsafeBufferPointer { pattern in
                self.score(
                    algorithm, pattern, in: view.text(at: 0, caseSensitive: caseSensitive, normalize: normalize, slab: slab),
                    positions: true)
            }
        }
        guard let score else { return nil }
        return FuzzyMatch(index: 0, score: score, positions: candidates.characterOffsets(slab.sortedPositions(), at: 0))
    }

    /// `pattern`'s score in `text`, or `nil`; with `positions`, the offsets go to the slab's positions.
    func score(_ algorithm: Algorithm, _ pattern: UnsafeBufferPointer<UInt32>, in text: FuzzyText, positions: Bool) -> Int? {
        switch algorithm {
        case .fuzzy: fuzzy(pattern, in: text, positions: positions)
        case .exact: exact(pattern, in: text, boundary: false, positions: positions)
        case .exactBoundary: exact(pattern, in: text, boundary: true, positions: positions)
        case .prefix: prefix(pattern, in: text, positions: positions)
        case .suffix: suffix(pattern, in: text, positions: positions)
        case .equal: equal(pattern, in: text, positions: positions)
        }
    }

    /// fzf's Phase 1: where `pattern` can match in `text`, from just before its first character's
    /// first occurrence to its last character's last one, or `nil` when it cannot (a character is
    /// missing, or out of order).
    static func scope(of pattern: UnsafeBufferPointer<UInt32>, in text: FuzzyText) -> Range<Int>? {
        let scalars = text.text
        var first = 0, index = 0, last = 0
        for pidx in 0..<pattern.count {
            let wanted = pattern[pidx]
            while index < scalars.count && scalars[index] != wanted { index += 1 }
            if index == scalars.count { return nil }
            if pidx == 0 && index > 0 { first = index - 1 }
            last = index
            index += 1
        }
        let wanted = pattern[pattern.count - 1]
        var end = scalars.count - 1
        while end > last && scalars[end] != wanted { end -= 1 }
        return first..<(end + 1)
    }

    // fzf's scores (src/algo/algo.go), its default scheme.
    static let scoreMatch: Int16 = 16
    static let scoreGapStart: Int16 = -3
    static let scoreGapExtension: Int16 = -1
    static let bonusBoundary: Int16 = scoreMatch / 2
    static let bonusNonWord: Int16 = scoreMatch / 2
    static let bonusCamel123: Int16 = bonusBoundary + scoreGapExtension
    static let bonusConsecutive: Int16 = -(scoreGapStart + scoreGapExtension)
    static let bonusFirstCharMultiplier: Int16 = 2
    static let bonusBoundaryWhite: Int16 = bonusBoundary + 2
    static let bonusBoundaryDelimiter: Int16 = bonusBoundary + 1
    /// fzf's slab of 16-bit scores (100 Ki): a longer alignment falls back to the greedy match.
    static let slabScores = 100 * 1024
}

/// One candidate's text as a term compares it (folded or as written), valid inside `FuzzyCandidates.withView`.
struct FuzzyText {
    var text: UnsafeBufferPointer<UInt32>
    /// As written (curly apostrophes straightened).
    var original: UnsafeBufferPointer<UInt32>
    /// Each character's class (high four bits) and bonus (low four).
    var traits: UnsafeBufferPointer<UInt8>

    var count: Int { text.count }

    func bonus(_ index: Int) -> Int16 { Int16(traits[index] & 0x0F) }

    func isWhite(_ index: Int) -> Bool { traits[index] >> 4 == FuzzyScalar.Class.white.rawValue }

    /// Whether the character at `index` ends a word before the next (white space or punctuation).
    func isBoundary(_ index: Int) -> Bool { traits[index] >> 4 <= FuzzyScalar.Class.delimiter.rawValue }

    var leadingWhiteSpace: Int {
        var count = 0
        while count < self.count && isWhite(count) { count += 1 }
        return count
    }

    var trailingWhiteSpace: Int {
        var count = 0
        while count < self.count && isWhite(self.count - 1 - count) { count += 1 }
        return count
    }
}
