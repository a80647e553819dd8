import FoundationEssentials
import LoupeToolbox

/// Which terminal program is on the other end, and its version: from XTVERSION when it
/// answered, else from the variables terminals set (`TERM_PROGRAM`, `VTE_VERSION`, `TERM`).
public struct TerminalIdentity: Sendable, Hashable, Codable {
    /// Lower-case: `kitty`, `xterm`, `foot`, `wezterm`, `ghostty`, `vte`, …
    public var name: String
    /// As it gives it (`0.26.5`, `379`, `20240203-110809-5046fc22`).
    public var version: String?

    public init(name: String, version: String?) {
        self.name = name
        self.version = version
    }

    /// From an XTVERSION answer: `kitty(0.26.5)`, `XTerm(379)`, `WezTerm 20240203-…`, `tmux 3.3a`.
    public init?(xtversion text: String) {
        let trimmed = text.trimmingWhitespace()
        guard let first = trimmed.first, first.isLetter else { return nil }
        if let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") {
            name = String(trimmed[..<open]).lowercased()
            version = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        } else {
            let parts = trimmed.split(separator: " ", maxSplits: 1)
            name = String(parts[0]).lowercased()
            version = parts.count > 1 ? String(parts[1]) : nil
        }
    }

    public init?(environment: [String: String]) {
        let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
        let term = environment["TERM"] ?? ""
        if let vte = environment["VTE_VERSION"], let number = Int(vte) {
            // VTE_VERSION is major * 10000 + minor * 100 + micro, e.g. 7802 for 0.78.2.
            self.init(name: "vte", version: "\(number / 10000).\(number / 100 % 100).\(number % 100)")
        } else if !program.isEmpty, program != "tmux", program != "screen" {
            let known = ["iterm.app": "iterm2", "wezterm": "wezterm", "ghostty": "ghostty", "vscode": "vscode"]
            self.init(name: known[program] ?? program, version: environment["TERM_PROGRAM_VERSION"])
        } else if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil {
            self.init(name: "kitty", version: nil)
        } else if term.hasPrefix("foot") {
            self.init(name: "foot", version: nil)
        } else if term == "alacritty" {
            self.init(name: "alacritty", version: nil)
        } else if let xterm = environment["XTERM_VERSION"] {
            // "XTerm(379)"
            self.init(xtversion: xterm)
        } else {
            return nil
        }
    }

    /// The version's leading numbers (`0.26.5` → [0, 26, 5]; `20240203-110809-…` → [20240203]).
    var numbers: [Int] {
        guard let version else { return [] }
        let head = version.prefix { $0.isNumber || $0 == "." }
        return head.split(separator: ".").compactMap { Int($0) }
    }

    func isAtLeast(_ minimum: [Int]) -> Bool {
        let mine = numbers
        guard !mine.isEmpty else { return false }
        for (index, wanted) in minimum.enumerated() {
            let have = index < mine.count ? mine[index] : 0
            if have != wanted { return have > wanted }
        }
        return true
    }
}
