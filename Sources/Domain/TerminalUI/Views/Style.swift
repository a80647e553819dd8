import RickAndMortyAPI

/// ANSI styling for standard output, or none at all when color is off.
package struct Style: Sendable {
    package let enabled: Bool

    package init(enabled: Bool) { self.enabled = enabled }

    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func dim(_ text: String) -> String { wrap(text, "2") }

    /// "● Alive" with the dot in the status's color; the word alone without color.
    package func status(_ status: CharacterStatus) -> String {
        enabled ? dot(status) + " " + status.rawValue : status.rawValue
    }

    /// A "●" in the status's color: green alive, red dead, gray unknown.
    package func dot(_ status: CharacterStatus) -> String {
        colored("●", status: status)
    }

    package func colored(_ text: String, status: CharacterStatus) -> String {
        let color =
            switch status {
            case .alive: "32"
            case .dead: "31"
            case .unknown: "90"
            }
        return wrap(text, color)
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
