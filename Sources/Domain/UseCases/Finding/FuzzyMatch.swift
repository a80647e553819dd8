/// A candidate a pattern matched: its index, fzf's score (the sum of its terms') and the ascending
/// offsets of its matched `Character`s (empty when not asked for).
package struct FuzzyMatch: Sendable, Hashable {
    package var index: Int
    package var score: Int
    package var positions: [Int]

    package init(index: Int, score: Int, positions: [Int]) {
        self.index = index
        self.score = score
        self.positions = positions
    }
}
