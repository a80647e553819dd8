/// A candidate a pattern matched: which, how well, and which of its characters.
package struct FuzzyMatch: Sendable, Hashable {
    /// The candidate's index in the `FuzzyCandidates` searched (0 for a single text).
    package var index: Int
    /// fzf's score: the sum of each term's (0 for a term that matched by not matching, `!term`).
    package var score: Int
    /// The offsets of the matched `Character`s in the candidate, ascending: what a view highlights.
    ///
    /// Empty when positions were not asked for.
    package var positions: [Int]

    package init(index: Int, score: Int, positions: [Int]) {
        self.index = index
        self.score = score
        self.positions = positions
    }
}
