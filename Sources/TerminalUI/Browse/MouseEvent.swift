/// A mouse event as SGR mouse reporting (mode 1006) writes it: `ESC [ < b ; x ; y M` for a press,
/// `m` for a release. Columns and rows count from 1.
struct MouseEvent: Hashable, Sendable {
    enum Action: Hashable, Sendable {
        case press(button: Int)
        case release
        case wheelUp
        case wheelDown
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
