extension FuzzyMatcher {
    /// fzf's FuzzyMatchV2: the alignment of `pattern` in `text` with the highest score (a
    /// Smith-Waterman table in which no pattern character may be skipped), the first of equals.
    func fuzzy(_ pattern: UnsafeBufferPointer<UInt32>, in text: FuzzyText, positions: Bool) -> Int? {
        let m = pattern.count
        if m == 0 { return 0 }
        if m > text.count { return nil }
        if text.count * m > Self.slabScores || m > 1000 { return greedy(pattern, in: text, positions: positions) }
        guard let scope = Self.scope(of: pattern, in: text) else { return nil }
        let minIdx = scope.lowerBound, n = scope.count
        let t = UnsafeBufferPointer(rebasing: text.text[scope])
        let bonuses = UnsafeBufferPointer(rebasing: text.traits[scope])
        @inline(__always) func bonus(_ offset: Int) -> Int16 { Int16(bonuses[offset] & 0x0F) }

        // Phase 2: the first row's scores, and each pattern character's first occurrence in order.
        let f = slab.firstOccurrences(m)
        let memory = slab.scores(2 * n + 2 * n * m)
        let h0 = memory, c0 = memory + n
        var maxScore: Int16 = 0, maxScorePos = 0
        var pidx = 0, lastIdx = 0
        let pchar0 = pattern[0]
        var pchar = pchar0
        var prevH0: Int16 = 0
        var inGap = false
        for off in 0..<n {
            let char = t[off]
            let bonus = bonus(off)
            if char == pchar {
                if pidx < m {
                    f[pidx] = Int32(off)
                    pidx += 1
                    pchar = pattern[min(pidx, m - 1)]
                }
                lastIdx = off
            }
            if char == pchar0 {
                let score = Self.scoreMatch + bonus * Self.bonusFirstCharMultiplier
                h0[off] = score
                c0[off] = 1
                if m == 1 && score > maxScore {
                    maxScore = score
                    maxScorePos = off
                    if bonus >= Self.bonusBoundary { break }
                }
                inGap = false
            } else {
                h0[off] = max(prevH0 + (inGap ? Self.scoreGapExtension : Self.scoreGapStart), 0)
                c0[off] = 0
                inGap = true
            }
            prevH0 = h0[off]
        }
        if pidx != m { return nil }
        if m == 1 {
            if positions { slab.appendPosition(minIdx + maxScorePos) }
            return Int(maxScore)
        }

        // Phase 3: the score table (h) and the length of the consecutive run at each cell (c).
        let f0 = Int(f[0])
        let width = lastIdx - f0 + 1
        let h = memory + 2 * n, c = h + width * m
        h.update(from: h0 + f0, count: width)
        c.update(from: c0 + f0, count: width)
        for pidx in 1..<m {
            let column = Int(f[pidx])
            let pchar = pattern[pidx]
            let row = pidx * width
            let hsub = h + row + column - f0, csub = c + row + column - f0
            let hdiag = hsub - 1 - width, cdiag = csub - 1 - width
            let hleft = hsub - 1
            hleft[0] = 0
            var inGap = false
            for off in 0..<(lastIdx - column + 1) {
                let col = off + column
                var s1: Int16 = 0, consecutive: Int16 = 0
                let s2 = hleft[off] + (inGap ? Self.scoreGapExtension : Self.scoreGapStart)
                if pchar == t[col] {
                    s1 = hdiag[off] + Self.scoreMatch
                    var b = bonus(col)
                    consecutive = cdiag[off] + 1
                    if consecutive > 1 {
                        let fb = bonus(col - Int(consecutive) + 1)
                        // A word start inside a run starts a run of its own.
                        if b >= Self.bonusBoundary && b > fb {
                            consecutive = 1
                        } else {
                            b = max(max(b, Self.bonusConsecutive), fb)
                        }
                    }
                    if s1 + b < s2 {
                        s1 += bonus(col)
                        consecutive = 0
                    } else {
                        s1 += b
                    }
                }
                csub[off] = consecutive
                inGap = s1 < s2
                let score = max(max(s1, s2), 0)
                if pidx == m - 1 && score > maxScore {
                    maxScore = score
                    maxScorePos = col
                }
                hsub[off] = score
            }
        }
        guard positions else { return Int(maxScore) }

        // Phase 4: back from the best cell, a match where a cell beats its diagonal and left
        // neighbors (on a tie, the match that continues a run).
        var i = m - 1, j = maxScorePos
        var preferMatch = true
        while true {
            let rowStart = i * width, j0 = j - f0
            let s = h[rowStart + j0]
            var s1: Int16 = 0, s2: Int16 = 0
            if i > 0 && j >= Int(f[i]) { s1 = h[rowStart - width + j0 - 1] }
            if j > Int(f[i]) { s2 = h[rowStart + j0 - 1] }
            let row = i
            if s > s1 && (s > s2 || s == s2 && preferMatch) {
                slab.appendPosition(j + minIdx)
                if i == 0 { break }
                i -= 1
            }
            // The row below holds cells only from its own first occurrence on.
            preferMatch =
                c[rowStart + j0] > 1
                || row + 1 < m && j < lastIdx && j + 1 >= Int(f[row + 1]) && c[rowStart + width + j0 + 1] > 0
            j -= 1
        }
        return Int(maxScore)
    }

    /// fzf's FuzzyMatchV1, for what the table would not fit: the first occurrence in order,
    /// shortened from its end, scored as V2 scores an alignment.
    func greedy(_ pattern: UnsafeBufferPointer<UInt32>, in text: FuzzyText, positions: Bool) -> Int? {
        let m = pattern.count
        guard Self.scope(of: pattern, in: text) != nil else { return nil }
        var pidx = 0, start = -1, end = -1
        for index in 0..<text.count where text.text[index] == pattern[pidx] {
            if start < 0 { start = index }
            pidx += 1
            if pidx == m {
                end = index + 1
                break
            }
        }
        guard start >= 0, end >= 0 else { return nil }
        pidx -= 1
        for index in stride(from: end - 1, through: start, by: -1) where text.text[index] == pattern[pidx] {
            pidx -= 1
            if pidx < 0 {
                start = index
                break
            }
        }
        return alignmentScore(pattern, in: text, from: start, to: end, positions: positions)
    }

    /// fzf's `calculateScore`: the score of the first occurrence of `pattern` in order within
    /// `start..<end`, as V2 would score that alignment.
    func alignmentScore(
        _ pattern: UnsafeBufferPointer<UInt32>, in text: FuzzyText, from start: Int, to end: Int, positions: Bool
    ) -> Int {
        var pidx = 0, score = 0, inGap = false, consecutive = 0
        var firstBonus: Int16 = 0
        for index in start..<end {
            if pidx < pattern.count && text.text[index] == pattern[pidx] {
                if positions { slab.appendPosition(index) }
                score += Int(Self.scoreMatch)
                var bonus = text.bonus(index)
                if consecutive == 0 {
                    firstBonus = bonus
                } else {
                    if bonus >= Self.bonusBoundary && bonus > firstBonus { firstBonus = bonus }
                    bonus = max(max(bonus, firstBonus), Self.bonusConsecutive)
                }
                score += Int(pidx == 0 ? bonus * Self.bonusFirstCharMultiplier : bonus)
                inGap = false
                consecutive += 1
                pidx += 1
            } else {
                score += Int(inGap ? Self.scoreGapExtension : Self.scoreGapStart)
                inGap = true
                consecutive = 0
                firstBonus = 0
            }
        }
        return score
    }
}
