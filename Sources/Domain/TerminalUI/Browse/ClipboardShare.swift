import BlockArt
import FoundationEssentials
import RickAndMortyAPI
import LoupeToolbox

/// What Ctrl-Y (`y` past the list) puts on the clipboard, and how it gets there.
///
/// Outside tmux: OSC 52, which the terminal turns into a clipboard write (kitty, iTerm2, WezTerm,
/// foot and xterm with `allowWindowOps` do; others ignore it). Inside tmux, whose defaults drop an
/// application's OSC 52 (`set-clipboard external`) and its passthrough (`allow-passthrough off`,
/// tmux 3.3+): `tmux load-buffer -w -` (tmux 3.2+), which fills tmux's paste buffer and hands the
/// text on to the outer terminal's clipboard unless `set-clipboard` is off. An older tmux gets the
/// buffer alone, and when tmux cannot be run at all, OSC 52 in tmux's passthrough.
enum ClipboardShare {
    /// The character's API URL and a one-line summary, every field from the API sanitized.
    static func text(for character: RMCharacter) -> String {
        let clean = TerminalText.sanitize
        let summary = [
            clean(character.name), character.status.rawValue, clean(character.species), clean(character.location.name),
        ].filter { !$0.isEmpty }.joined(separator: " · ")
        return clean(character.url.absoluteString) + " — " + summary
    }

    /// OSC 52 setting the clipboard to `text`, base64-encoded; tmux-wrapped when `multiplexed`.
    static func sequence(_ text: String, multiplexed: Bool) -> String {
        let osc = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
        guard multiplexed else { return osc }
        // tmux passthrough: DCS tmux; <the sequence with each ESC doubled> ST.
        return "\u{1B}Ptmux;" + osc.replacing("\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
    }

    /// The status line's note after OSC 52: terminals do not say whether they allowed it.
    static func osc52Notice(_ text: String) -> String {
        "copied (if the terminal allows OSC 52): \(text)"
    }

    /// Inside tmux (`$TMUX` set): puts `text` in tmux's paste buffer and, where tmux can, the
    /// outer terminal's clipboard; the status line's note, or `nil` when tmux could not be run.
    /// Blocks while tmux runs (a few ms): call it off browse's loop.
    static func copyWithTmux(_ text: String) -> String? {
        if tmux(["load-buffer", "-w", "-"], input: text) != nil {
            let setting = tmux(["show-options", "-gv", "set-clipboard"], input: nil)
            return setting == "off"
                ? "copied to tmux's buffer (set-clipboard is off: not the terminal's clipboard): \(text)"
                : "copied to tmux's buffer and the terminal's clipboard: \(text)"
        }
        // tmux before 3.2 has no -w: its buffer alone.
        guard tmux(["load-buffer", "-"], input: text) != nil else { return nil }
        return "copied to tmux's buffer: \(text)"
    }

    /// Runs tmux (found on `PATH`; it reaches its server through `$TMUX`), feeding it `input`;
    /// its first line of output, or `nil` when it could not run or failed.
    private static func tmux(_ arguments: [String], input: String?) -> String? {
        guard let process = try? ChildProcess(executable: "/usr/bin/env", arguments: ["tmux"] + arguments) else {
            return nil
        }
        if let input { _ = try? process.input.writeAll(input.utf8) }
        process.closeInput()
        let line = (try? process.readOutputLine()) ?? []
        _ = process.readAllErrors()
        guard process.wait() == 0 else { return nil }
        return String(decoding: line, as: UTF8.self)
    }
}
