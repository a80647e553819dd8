import LoupeToolbox

/// "Did you mean": the known values and words within a few edits of a term that matched nothing
/// ("rik" → "rick", in 107 names). 826 names are scanned in about a millisecond.
package enum Spelling {
    /// The nearest terms, closest first, then those that match more values; at most one edit in three
    /// letters (at least one).
    package static func suggestions(for typed: String, in values: [String], limit: Int = 3) -> [Suggestion] {
        let wanted = Array(typed.trimmingWhitespace().lowercased())
        // A single character or a symbol is too little to be near anything in particular.
        guard wanted.count >= 2, wanted.contains(where: { $0.isLetter || $0.isNumber }) else { return [] }
        let lowered = values.map { $0.lowercased() }
        let allowed = max(1, wanted.count / 3)
        var terms = Set<String>()
        for value in lowered {
            terms.insert(value)
            for word in value.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) { terms.insert(String(word)) }
        }
        var found: [Suggestion] = []
        for term in terms where term.count >= wanted.count - allowed && term.count <= wanted.count + allowed {
            let distance = editDistance(wanted, Array(term), limit: allowed)
            guard distance > 0, distance <= allowed else { continue }
            found.append(Suggestion(term: term, matches: lowered.count(where: { $0.contains(term) }), distance: distance))
        }
        found.sort { ($0.distance, -$0.matches, $0.term) < ($1.distance, -$1.matches, $1.term) }
        return Array(found.prefix(limit))
    }

    /// The nearest of a closed set (the API's statuses, genders), within the same reach.
    package static func nearest(to typed: String, among values: [String]) -> String? {
        let wanted = Array(typed.lowercased())
        let allowed = max(1, wanted.count / 3)
        return values.map { (value: $0, distance: editDistance(wanted, Array($0.lowercased()), limit: allowed)) }
            .filter { $0.distance <= allowed }.min { $0.distance < $1.distance }?.value
    }

    /// Optimal string alignment distance (insertions, deletions, substitutions and swaps of
    /// neighbors), giving up with `limit + 1` once every path costs more than `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var best = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
                best = min(best, value)
            }
            if best > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}

/// A lower-cased term to try, how many known values contain it, and its edit distance.
package struct Suggestion: Sendable, Hashable {
    package var term: String
    package var matches: Int
    package var distance: Int

    package init(term: String, matches: Int, distance: Int) {
        self.term = term
        self.matches = matches
        self.distance = distance
    }
}
