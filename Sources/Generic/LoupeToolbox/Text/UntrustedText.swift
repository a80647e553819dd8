/// Untrusted text (everything from the network) with what could act on a screen or reorder its
/// display taken out: the one cleaner, for text shown and drawn alike.
package enum UntrustedText {
    /// `text` without C0 controls (tab and newlines become a space), DEL, C1 controls, whole ESC
    /// sequences (CSI, OSC, DCS, SOS, PM, APC and two-byte ones, with their strings up to the
    /// terminator), and bidirectional overrides that could make text display reordered.
    package static func stripped(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func nextScalar() -> Unicode.Scalar? {
            if let scalar = pending {
                pending = nil
                return scalar
            }
            return scalars.next()
        }
        while let scalar = nextScalar() {
            switch scalar.value {
            case 0x1B:
                pending = skipEscape(&scalars)
            case 0x9B:  // C1 CSI
                pending = skipControlSequence(&scalars)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:  // C1 DCS, SOS, OSC, PM, APC
                skipString(&scalars)
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D:
                output.append(" ")
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                continue
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Skips what follows an ESC; returns a scalar read past the sequence that must not be lost.
    private static func skipEscape(_ scalars: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        guard let introducer = scalars.next() else { return nil }
        switch introducer {
        case "[":
            return skipControlSequence(&scalars)
        case "]", "P", "X", "^", "_":
            skipString(&scalars)
            return nil
        case " "..."/":
            // nF sequences: intermediates then one final byte.
            while let next = scalars.next() {
                if !(" "..."/").contains(next) { return nil }
            }
            return nil
        default:
            return nil  // a two-byte sequence such as ESC c (reset) or ESC 7
        }
    }

    /// CSI: parameters and intermediates up to a final byte in `@`...`~`.
    private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        while let next = scalars.next() {
            if ("@"..."~").contains(next) { return nil }
            if !(" "..."?").contains(next) { return next.value < 0x20 || next.value == 0x7F ? nil : next }
        }
        return nil
    }

    /// A control string up to BEL, ST (ESC \) or C1 ST.
    private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) {
        var afterEscape = false
        while let next = scalars.next() {
            if next.value == 0x07 || next.value == 0x9C { return }
            if afterEscape, next == "\\" { return }
            afterEscape = next.value == 0x1B
        }
    }
}
