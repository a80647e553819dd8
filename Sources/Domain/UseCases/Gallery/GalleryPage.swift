import FoundationEssentials
import LoupePipeline
import RickAndMortyAPI

/// `index.html` of an export: a card for every character its manifest lists, with a filter by name,
/// status and species chips and sorting, that works from `file://` with nothing from the network.
///
/// Style and script are inline and allowed by their hashes in the Content-Security-Policy, so
/// nothing else runs even if a name slipped past `HTMLText`, through which every field is written.
package struct GalleryPage: Sendable {
    typealias Card = ExportManifest.Character

    let cards: [Card]

    package init(manifest: ExportManifest) {
        cards = manifest.characters.filter { !$0.files.isEmpty }
    }

    package func render() -> [UInt8] {
        let policy = [
            "default-src 'none'", "img-src 'self' file:", "style-src 'sha256-\(ContentDigest.sha256Base64(Self.style.utf8))'",
            "script-src 'sha256-\(ContentDigest.sha256Base64(Self.script.utf8))'", "base-uri 'none'", "form-action 'none'",
        ].joined(separator: "; ")
        let total = cards.count
        var html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <meta name="referrer" content="no-referrer">
            <meta name="color-scheme" content="light dark">
            <title>Rickdex: \(total) \(total == 1 ? "character" : "characters")</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header>
            <h1>Rickdex <span>\(total) \(total == 1 ? "character" : "characters")</span></h1>
            <div class="controls">
            <input id="filter" type="search" placeholder="Filter by name (press /)" aria-label="Filter by name" \
            autocomplete="off" spellcheck="false">
            <label>Sort <select id="sort"><option value="id">by id</option><option value="name">by name</option></select></label>
            <p id="count" role="status" aria-live="polite">\(total) of \(total)</p>
            </div>

            """
        html += chips(label: "Status", group: "status", values: cards.map(\.status), dots: true)
        html += chips(label: "Species", group: "species", values: cards.map(\.species), dots: false)
        html += "</header>\n<main>\n<ul id=\"cards\">\n"
        for card in cards { html += Self.render(card) }
        html += "</ul>\n<p id=\"empty\" hidden>No character matches.</p>\n</main>\n<script>\(Self.script)</script>\n</body>\n</html>\n"
        return Array(html.utf8)
    }

    /// A group of toggle buttons, one per value, most common first, each with its count.
    private func chips(label: String, group: String, values: [String], dots: Bool) -> String {
        let counts = Dictionary(values.map { ($0, 1) }, uniquingKeysWith: +)
        let ordered = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        var html = "<div class=\"chips\" role=\"group\" aria-label=\"\(label)\"><span>\(label)</span>"
        for (value, count) in ordered {
            let text = HTMLText.escape(value.isEmpty ? "(none)" : value)
            let dot = dots ? "<i class=\"dot \(Self.statusClass(value))\"></i>" : ""
            html += "<button type=\"button\" class=\"chip\" data-group=\"\(group)\" data-value=\"\(HTMLText.escape(value))\" "
                + "aria-pressed=\"false\">\(dot)\(text) <small>\(count)</small></button>"
        }
        return html + "</div>\n"
    }

    private static func render(_ character: Card) -> String {
        let name = HTMLText.escape(character.name)
        let thumbnails = character.files.filter { $0.kind == "thumbnail" }.sorted { $0.width < $1.width }
        let original = character.files.first { $0.kind == "original" }
        // Shown: the smallest thumbnail of at least 160 px (the card's width), else the largest file.
        let shown = thumbnails.first { $0.width >= 160 } ?? thumbnails.last ?? original ?? character.files[0]
        let opened = original ?? thumbnails.last ?? shown
        let sources = thumbnails.count > 1
            ? " srcset=\"" + thumbnails.map { "\(HTMLText.escape($0.name)) \($0.width)w" }.joined(separator: ", ")
                + "\" sizes=\"160px\""
            : ""
        let episodes = character.episodes.map(String.init) ?? "—"
        let status = character.status
        return """
            <li class="card" data-id="\(character.id)" data-name="\(name)" data-status="\(HTMLText.escape(status))" \
            data-species="\(HTMLText.escape(character.species))">
            <a href="\(HTMLText.escape(opened.name))"><img src="\(HTMLText.escape(shown.name))"\(sources) \
            width="\(shown.width)" height="\(shown.height)" alt="\(name)" loading="lazy" decoding="async">
            <h2>\(name)</h2></a>
            <p class="status"><i class="dot \(statusClass(status))"></i>\(HTMLText.escape(status)) · #\(character.id)</p>
            <dl><dt>Species</dt><dd>\(HTMLText.escape(field(character.species)))</dd>\
            <dt>Origin</dt><dd>\(HTMLText.escape(field(character.origin ?? "")))</dd>\
            <dt>Last seen</dt><dd>\(HTMLText.escape(field(character.location ?? "")))</dd>\
            <dt>Episodes</dt><dd>\(episodes)</dd></dl>
            </li>

            """
    }

    private static func field(_ text: String) -> String { text.isEmpty ? "—" : text }

    private static func statusClass(_ status: String) -> String {
        switch CharacterStatus(rawValue: status) {
        case .alive?: "alive"
        case .dead?: "dead"
        default: "unknown"
        }
    }
}

/// Text from the network made safe inside an HTML page: it reaches the page as characters.
package enum HTMLText {
    /// For an element's content or a quoted attribute's value; control characters but tab and line
    /// feed dropped, as HTML forbids them.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\t", "\n": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
