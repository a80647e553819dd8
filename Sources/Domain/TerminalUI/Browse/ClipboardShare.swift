import BlockArt
import FoundationEssentials
import RickAndMortyAPI
import LoupeToolbox
import TerminalKit

/// What Ctrl-Y (`y` past the list) puts on the clipboard, and how it gets there.
///
/// Outside tmux: OSC 52, which the terminal turns into a clipboard write (kitty, iTerm2, WezTerm,
/// foot and xterm with `allowWindowOps` do; others ignore it). Inside tmux, whose defaults drop an
/// application's OSC 52 (`set-clipboard external`) and its passthrough (`allow-passthrough off`,
/// tmux 3.3+): `tmux load-buffer -w -` (tmux 3.2+), which fills tmux's paste buffer and hands the
/// text on to the outer terminal's clipboard unless `set-clipboard` is off. An older tmux gets the
/// buffer alone, and when tmux cannot be run at all, OSC 52 in tmux's passthrough.
enum ClipboardShare {
    /// The character's API URL under `root` and a one-line summary, every field from the API
    /// sanitized.
    static func text(for character: RMCharacter, root: APIRoot) -> String {
        let clean = TerminalText.sanitize
        let summary = [
            clean(character.name), character.status.rawValue, clean(character.species), clean(character.location.name),
        ].filter { !$0.isEmpty }.joined(separator: " · ")
        return clean(root.url(for: character.path)?.absoluteString ?? "") + " — " + summary
    }

    /// OSC 52 setting the clipboard to `text`, base64-encoded; tmux-wrapped when `multiplexed`.
    static func sequence(_ text: String, multiplexed: Bool) -> String {
        let osc = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
        return multiplexed ? GraphicsEncoder.tmuxPassthrough(osc) : osc
    }

    /// The status line's note after OSC 52: terminals do not say whether they allowed it.
    static func osc52Notice(_ text: String) -> String {
        "copied (if the terminal allows OSC 52): \(text)"
    }

    /// Inside tmux (`$TMUX` set): puts `text` in tmux's paste buffer and, where tmux can, the
    /// outer terminal's clipboard; the status line's note, or `nil` when tmux could not be run.
    /// tmux runs on a thread of its own.
    static func copyWithTmux(_ text: String) async -> String? {
        await Blocking.run("tmux.copy") {
            if Tmux.run(["load-buffer", "-w", "-"], input: text) != nil {
                return Tmux.run(["show-options", "-gv", "set-clipboard"]) == "off"
                    ? "copied to tmux's buffer (set-clipboard is off: not the terminal's clipboard): \(text)"
                    : "copied to tmux's buffer and the terminal's clipboard: \(text)"
            }
            // tmux before 3.2 has no -w: its buffer alone.
            return Tmux.run(["load-buffer", "-"], input: text).map { _ in "copied to tmux's buffer: \(text)" }
        }
    }
}
