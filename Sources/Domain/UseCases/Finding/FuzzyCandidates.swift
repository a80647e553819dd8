/// Names prepared once for fuzzy matching, so that a keystroke only compares: each name's scalars
/// kept flat in arrays shared by all names (as written, folded, class and bonus), read without a copy.
package struct FuzzyCandidates: Sendable {
    package private(set) var names: [String] = []

    private var original: [UInt32] = []
    private var folded: [UInt32] = []
    private var traits: [UInt8] = []
    /// Where each name's characters start in the flat arrays, and one past the last name's.
    private var starts: [Int] = [0]
    /// Each name's length in characters, white space at its ends aside (fzf's length tiebreak).
    private(set) var lengths: [UInt16] = []
    /// For names with a character of several scalars (a combining mark, an emoji): each scalar's character.
    private var characterOfScalar: [Int: [Int]] = [:]

    package init(_ names: some Sequence<String>) {
        append(contentsOf: names)
    }

    package var count: Int { names.count }

    package subscript(index: Int) -> String { names[index] }

    package mutating func append(contentsOf names: some Sequence<String>) {
        // Room for every name's bytes (at least its scalars) at once, not a copy each doubling.
        if let names = names as? any Collection<String> {
            let bytes = names.reduce(0) { $0 + $1.utf8.count }
            original.reserveCapacity(original.count + bytes)
            folded.reserveCapacity(folded.count + bytes)
            traits.reserveCapacity(traits.count + bytes)
        }
        for name in names { append(name) }
    }

    package mutating func append(_ name: String) {
        let start = original.count
        // Most names are ASCII: read as bytes, classed and folded by table.
        let ascii = name.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            appendASCII(bytes)
            return true
        }
        if ascii != true { appendScalars(of: name) }
        starts.append(original.count)
        lengths.append(trimmedLength(from: start, to: original.count))
        names.append(name)
    }

    private mutating func appendASCII(_ bytes: UnsafeBufferPointer<UInt8>) {
        let classes = FuzzyScalar.asciiClasses, bonuses = FuzzyScalar.bonuses
        let start = original.count
        original.append(contentsOf: repeatElement(0, count: bytes.count))
        folded.append(contentsOf: repeatElement(0, count: bytes.count))
        traits.append(contentsOf: repeatElement(0, count: bytes.count))
        original.withUnsafeMutableBufferPointer { original in
            folded.withUnsafeMutableBufferPointer { folded in
                traits.withUnsafeMutableBufferPointer { traits in
                    var previous = FuzzyScalar.Class.white
                    for (offset, byte) in bytes.enumerated() {
                        let kind = classes[Int(byte)]
                        original[start + offset] = UInt32(byte)
                        folded[start + offset] = UInt32(kind == .upper ? byte + 32 : byte)
                        traits[start + offset] =
                            kind.rawValue << 4 | UInt8(bonuses[Int(previous.rawValue) * 7 + Int(kind.rawValue)])
                        previous = kind
                    }
                }
            }
        }
        // CR LF is one character of two scalars.
        if bytes.contains(0x0D) { mapCharacters(of: String(decoding: bytes, as: UTF8.self)) }
    }

    private mutating func appendScalars(of name: String) {
        var previous = FuzzyScalar.Class.white
        var simple = true
        for scalar in name.unicodeScalars {
            let value = FuzzyScalar.straightened(scalar.value)
            let kind = FuzzyScalar.characterClass(of: value)
            original.append(value)
            folded.append(FuzzyScalar.normalized(kind == .upper ? FuzzyScalar.lowercase(value) : value))
            traits.append(kind.rawValue << 4 | UInt8(FuzzyScalar.bonus(after: previous, kind)))
            previous = kind
            // Below U+0300 only CR LF makes one character of two scalars.
            if value >= 0x300 || value == 0x0D { simple = false }
        }
        if !simple { mapCharacters(of: name) }
    }

    private mutating func mapCharacters(of name: String) {
        var characters: [Int] = []
        for (offset, character) in name.enumerated() {
            characters.append(contentsOf: repeatElement(offset, count: character.unicodeScalars.count))
        }
        if let last = characters.last, last != characters.count - 1 { characterOfScalar[names.count] = characters }
    }

    /// fzf's TrimLength: the characters between the first and last that are not white space.
    private func trimmedLength(from start: Int, to end: Int) -> UInt16 {
        var first = start, last = end
        while first < last && FuzzyScalar.Class(rawValue: traits[first] >> 4) == .white { first += 1 }
        while last > first && FuzzyScalar.Class(rawValue: traits[last - 1] >> 4) == .white { last -= 1 }
        return UInt16(clamping: last - first)
    }

    /// Scalar offsets into the name at `index` as ascending offsets of its `Character`s.
    func characterOffsets(_ scalarOffsets: [Int], at index: Int) -> [Int] {
        guard let characters = characterOfScalar[index] else { return scalarOffsets }
        var offsets: [Int] = []
        for scalar in scalarOffsets where offsets.last != characters[scalar] { offsets.append(characters[scalar]) }
        return offsets
    }

    func withView<Result>(_ body: (View) throws -> Result) rethrows -> Result {
        try original.withUnsafeBufferPointer { original in
            try folded.withUnsafeBufferPointer { folded in
                try traits.withUnsafeBufferPointer { traits in
                    try starts.withUnsafeBufferPointer { starts in
                        try body(View(original: original, folded: folded, traits: traits, starts: starts))
                    }
                }
            }
        }
    }

    struct View {
        let original: UnsafeBufferPointer<UInt32>
        let folded: UnsafeBufferPointer<UInt32>
        let traits: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<Int>

        /// The name at `index` as a term compares it: the other folds go to the slab's text.
        func text(at index: Int, caseSensitive: Bool, normalize: Bool, slab: FuzzySlab) -> FuzzyText {
            let range = starts[index]..<starts[index + 1]
            let original = UnsafeBufferPointer(rebasing: original[range])
            let traits = UnsafeBufferPointer(rebasing: traits[range])
            if !caseSensitive && normalize {
                return FuzzyText(text: UnsafeBufferPointer(rebasing: folded[range]), original: original, traits: traits)
            }
            if caseSensitive && !normalize { return FuzzyText(text: original, original: original, traits: traits) }
            let text = slab.text(range.count)
            for offset in 0..<range.count {
                var value = original[offset]
                if !caseSensitive && traits[offset] >> 4 == FuzzyScalar.Class.upper.rawValue {
                    value = FuzzyScalar.lowercase(value)
                }
                text[offset] = normalize ? FuzzyScalar.normalized(value) : value
            }
            return FuzzyText(text: UnsafeBufferPointer(start: text, count: range.count), original: original, traits: traits)
        }
    }
}
