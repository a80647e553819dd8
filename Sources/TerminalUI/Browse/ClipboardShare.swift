import BlockArt
import FoundationEssentials
import RickAndMortyAPI

/// What `y` puts on the clipboard, and the one escape sequence that does it: OSC 52, which the
/// terminal turns into a clipboard write (kitty, iTerm2, WezTerm, foot and xterm with
/// `allowWindowOps` do; others ignore it). Inside tmux it is wrapped in tmux's passthrough, so
/// tmux hands it on (or, with `set-clipboard on`, keeps it in its own buffer too).
enum ClipboardShare {
    /// The character's API URL and a one-line summary, every field from the API sanitised.
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
}
