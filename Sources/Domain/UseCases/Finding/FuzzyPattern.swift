/// A query in fzf's extended search syntax, parsed once (fzf's `src/pattern.go`, junegunn/fzf,
/// MIT: LICENSES/fzf.txt): space-separated terms that must all match, `a | b` either, `!` inverse,
/// `\ ` a literal space; with `exact` (fzf's `--exact`) plain terms are exact and `'` makes one fuzzy.
/// Case is smart; with `normalize`, `martinez` finds `Martínez` while `martínez` asks for the í;
/// curly apostrophes are the straight one, so `morty's` finds `Morty’s`.
package struct FuzzyPattern: Sendable, Hashable {
    /// fzf's `--smart-case` (case-sensitive only for a term with an upper-case letter), `+i`, `-i`.
    package enum CaseMatching: Sendable, Hashable {
        case smart, respect, ignore
    }

    package struct Term: Sendable, Hashable {
        package var algorithm: FuzzyMatcher.Algorithm
        /// `!`
        package var isInverse: Bool
        package var caseSensitive: Bool
        /// Whether accents in names are dropped for this term (its own text has none).
        package var normalizes: Bool
        /// The text compared, syntax removed, folded as it is compared.
        var scalars: [UInt32]

        package var text: String {
            String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
        }
    }

    /// The terms by OR group: a name matches when each group has a term that matches it.
    package private(set) var termSets: [[Term]] = []

    package var isEmpty: Bool { termSets.isEmpty }

    /// Whether matches are ranked: not when every term is inverse (fzf keeps the input order).
    package var isRanked: Bool { termSets.contains { $0.contains { !$0.isInverse } } }

    package init(_ query: String, exact: Bool = false, caseMatching: CaseMatching = .smart, normalize: Bool = true) {
        let space: UInt32 = 0x20, tab: UInt32 = 0x09, backslash: UInt32 = 0x5C
        var scalars = Array(query.unicodeScalars.map(\.value).drop { $0 == space })
        while scalars.last == space && !(scalars.count >= 2 && scalars[scalars.count - 2] == backslash) {
            scalars.removeLast()
        }
        // `\ ` is a space inside a term: a tab while splitting, a space after.
        var escaped: [UInt32] = []
        var index = 0
        while index < scalars.count {
            if scalars[index] == backslash && index + 1 < scalars.count && scalars[index + 1] == space {
                escaped.append(tab)
                index += 2
            } else {
                escaped.append(scalars[index])
                index += 1
            }
        }
        var set: [Term] = []
        var switchSet = false, afterBar = false
        for token in escaped.split(separator: space) {
            var text = token.map { $0 == tab ? space : $0 }
            let lower = text.map(FuzzyScalar.lowercase)
            let caseSensitive = caseMatching == .respect || caseMatching == .smart && text != lower
            let normalizes = normalize && FuzzyScalar.isNormalized(lower)
            if !caseSensitive { text = lower }
            var algorithm: FuzzyMatcher.Algorithm = exact ? .exact : .fuzzy
            var isInverse = false
            if !set.isEmpty && !afterBar && text == [0x7C] {  // |
                switchSet = false
                afterBar = true
                continue
            }
            afterBar = false
            if text.first == 0x21 {  // !
                isInverse = true
                algorithm = .exact
                text.removeFirst()
            }
            if text != [0x24] && text.last == 0x24 {  // $
                algorithm = .suffix
                text.removeLast()
            }
            if text.count > 2 && text.first == 0x27 && text.last == 0x27 {  // 'term'
                algorithm = .exactBoundary
                text = Array(text.dropFirst().dropLast())
            } else if text.first == 0x27 {  // ' flips exactness
                algorithm = !exact && !isInverse ? .exact : .fuzzy
                text.removeFirst()
            } else if text.first == 0x5E {  // ^
                algorithm = algorithm == .suffix ? .equal : .prefix
                text.removeFirst()
            }
            guard !text.isEmpty else { continue }
            if switchSet {
                termSets.append(set)
                set = []
            }
            text = text.map(FuzzyScalar.straightened)
            if normalizes { text = text.map(FuzzyScalar.normalized) }
            set.append(
                Term(
                    algorithm: algorithm, isInverse: isInverse, caseSensitive: caseSensitive, normalizes: normalizes,
                    scalars: text))
            switchSet = true
        }
        if !set.isEmpty { termSets.append(set) }
    }
}
