import FoundationEssentials
import LoupeImaging

/// An image as one escape sequence that fills `columns` x `rows` cells: kitty, iTerm2 or sixel.
public enum GraphicsEncoder {
    /// `nil` for `.blocks`; `keepCursor` leaves the cursor where the image starts. Sixel has no
    /// cell sizing: pass an image that fills whole cells.
    public static func encode(
        _ image: Bitmap, as graphics: GraphicsProtocol, columns: Int, rows: Int, passthrough: Bool = false,
        keepCursor: Bool = false
    ) throws -> String? {
        var text: String
        switch graphics {
        case .blocks:
            return nil
        case .kitty:
            text = kitty(try PNGEncoder.fastest.encode(image), columns: columns, rows: rows, keepCursor: keepCursor)
        case .iterm:
            text = iterm(try PNGEncoder.fastest.encode(image), columns: columns, rows: rows)
        case .sixel:
            text = SixelEncoder.encode(image)
        }
        if passthrough { text = tmuxPassthrough(text) }
        return keepCursor && graphics != .kitty ? "\u{1B}7" + text + "\u{1B}8" : text
    }

    /// In chunks of 4096 as the protocol asks; with an `id`, the image stays to be placed again;
    /// `virtual` (`U=1`): for Unicode placeholders.
    static func kitty(
        _ png: [UInt8], columns: Int, rows: Int, keepCursor: Bool = false, id: Int? = nil, virtual: Bool = false
    ) -> String {
        let payload = Array(Data(png).base64EncodedString().utf8)
        var text = ""
        var start = 0
        repeat {
            let end = min(start + 4096, payload.count)
            let more = end < payload.count ? 1 : 0
            let control =
                start == 0
                ? "a=T,f=100,q=2\(id.map { ",i=\($0)" } ?? "")\(virtual ? ",U=1" : ""),c=\(columns),r=\(rows)"
                    + "\(keepCursor ? ",C=1" : ""),m=\(more)"
                : "m=\(more)"
            text += "\u{1B}_G\(control);" + String(decoding: payload[start..<end], as: UTF8.self) + "\u{1B}\\"
            start = end
        } while start < payload.count
        return text
    }

    /// `ESC ] 1337 ; File=inline=1;… : <base64> BEL`.
    static func iterm(_ png: [UInt8], columns: Int, rows: Int) -> String {
        "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=1:"
            + Data(png).base64EncodedString() + "\u{07}"
    }

    /// tmux's passthrough: `ESC P tmux; <sequence with ESC doubled> ESC \`.
    package static func tmuxPassthrough(_ text: String) -> String {
        "\u{1B}Ptmux;" + text.replacing("\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
    }
}
