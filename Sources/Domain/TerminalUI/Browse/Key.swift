/// A key press in the browser, decoded from the terminal's bytes. What a key does is the state's
/// to say (fzf's bindings where fzf has one).
enum Key: Hashable, Sendable {
    case character(Character)
    /// Ctrl with a letter (`a`…`z`), except those with keys of their own: Ctrl-H (Backspace),
    /// Ctrl-I (Tab) and Ctrl-M (Enter).
    case control(Character)
    /// Alt (Meta) with a printable key: ESC and the key together. Shift-← and Alt-← come as
    /// `alt("b")`, Shift-→ and Alt-→ as `alt("f")`, as fzf binds them alike.
    case alt(Character)
    case altBackspace
    case backspace
    /// The Delete key (forward).
    case delete
    case enter, escape, tab
    /// Shift-Tab.
    case backTab
    case up, down, left, right, pageUp, pageDown, home, end
    /// F1…F12. F1 (and Ctrl-/) is `help`.
    case function(Int)
    /// F1 or Ctrl-/: the key help.
    case help
    /// A click or wheel turn, with SGR mouse reporting on.
    case mouse(MouseEvent)

    /// The key's name as fzf's `--expect` and `--bind` write it (`ctrl-x`, `alt-x`, `f2`,
    /// `enter`, `esc`…); `nil` for a printable key or the mouse.
    var name: String? {
        switch self {
        case .control(let letter): "ctrl-\(letter)"
        case .alt(let character): "alt-\(character)"
        case .function(let number): "f\(number)"
        case .character, .mouse: nil
        default: Self.names[self]
        }
    }

    /// The other keys' names, as `name` writes them.
    private static let names: [Key: String] = [
        .enter: "enter", .escape: "esc", .tab: "tab", .backTab: "btab", .backspace: "bspace", .delete: "del", .up: "up",
        .down: "down", .left: "left", .right: "right", .pageUp: "pgup", .pageDown: "pgdn", .home: "home", .end: "end",
        .altBackspace: "alt-bspace", .help: "f1",
    ]

    /// The names `--expect` takes besides `ctrl-X`, `alt-X` and `fN`, with fzf's synonyms.
    static let named = Dictionary(uniqueKeysWithValues: names.map { ($1, $0) }).merging([
        "return": .enter, "shift-tab": .backTab, "bs": .backspace, "page-up": .pageUp, "page-down": .pageDown,
        "alt-bs": .altBackspace, "ctrl-h": .backspace, "ctrl-i": .tab, "ctrl-m": .enter, "ctrl-/": .help,
    ]) { canonical, _ in canonical }

    /// The key fzf names `name` (`ctrl-x`, `alt-x`, `f5`, `enter`…), or `nil` for none.
    init?(named name: String) {
        let lowered = name.lowercased()
        if let key = Self.named[lowered] {
            self = key
        } else if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last, letter.isASCII,
            letter.isLetter
        {
            self = .control(letter)
        } else if lowered.hasPrefix("alt-"), name.count == 5, let character = name.last {
            self = .alt(character)
        } else if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (2...12).contains(number) {
            self = .function(number)
        } else {
            return nil
        }
    }
}

/// A mouse event as SGR mouse reporting (mode 1006) writes it: `ESC [ < b ; x ; y M` for a press,
/// `m` for a release. Columns and rows count from 1.
struct MouseEvent: Hashable, Sendable {
    enum Action: Hashable, Sendable {
        case press(button: Int)
        case release, wheelUp, wheelDown
    }

    var action: Action
    var column: Int
    var row: Int

    /// The event in the body of a CSI sequence (`<0;12;5M`), or `nil` when it is not one.
    init?(sgr body: String) {
        guard body.hasPrefix("<"), let final = body.last, final == "M" || final == "m" else { return nil }
        let fields = body.dropFirst().dropLast().split(separator: ";").map { Int($0) }
        guard fields.count == 3, let code = fields[0], let column = fields[1], let row = fields[2], column > 0, row > 0
        else { return nil }
        // Bits 2–4 are Shift, Meta and Ctrl, 5 is motion, 6 the wheel; 0–1 the button.
        let button = code & 0b11
        switch (code & 64 != 0, final) {
        case (true, _): action = button == 0 ? .wheelUp : .wheelDown
        case (false, "m"): action = .release
        default:
            guard code & 32 == 0 else { return nil }  // a drag: not used
            action = .press(button: button)
        }
        self.column = column
        self.row = row
    }

    init(action: Action, column: Int, row: Int) {
        self.action = action
        self.column = column
        self.row = row
    }
}
