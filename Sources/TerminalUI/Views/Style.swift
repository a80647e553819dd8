import RickAndMortyAPI

/// ANSI styling for standard output, or none at all when colour is off.
package struct Style: Sendable {
    package let enabled: Bool

    package init(enabled: Bool) { self.enabled = enabled }

    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func dim(_ text: String) -> String { wrap(text, "2") }

    /// "● Alive" with the dot in the status's colour; the word alone without colour.
    package func status(_ status: CharacterStatus) -> String {
        enabled ? dot(status) + " " + status.rawValue : status.rawValue
    }

    /// A "●" in the status's colour: green alive, red dead, grey unknown.
    package func dot(_ status: CharacterStatus) -> String {
        coloured("●", status: status)
    }

    /// `text` in the status's colour.
    package func coloured(_ text: String, status: CharacterStatus) -> String {
        let colour =
            switch status {
            case .alive: "32"
            case .dead: "31"
            case .unknown: "90"
            }
        return wrap(text, colour)
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
