extension GalleryPage {
    /// The page's CSS: a responsive grid of cards, light and dark by `prefers-color-scheme`, the
    /// status colors of `StatusColors`, a visible focus ring for keyboard use.
    static let style = """
        :root{--bg:#f6f6f4;--card:#fff;--text:#1d1d1f;--muted:#63636b;--line:#dcdcd8;--accent:#1f6feb;\
        --alive:rgb(76,196,96);--dead:rgb(222,68,68);--unknown:rgb(150,150,150)}
        @media (prefers-color-scheme:dark){:root{--bg:#121214;--card:#1d1d21;--text:#ececef;--muted:#a2a2ab;\
        --line:#34343a;--accent:#6ea8fe}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--text);font:15px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif}
        header{position:sticky;top:0;z-index:1;background:var(--bg);border-bottom:1px solid var(--line);padding:12px 20px}
        h1{font-size:20px;margin:0 0 8px}h1 span{font-weight:normal;color:var(--muted);font-size:15px;margin-left:8px}
        .controls{display:flex;flex-wrap:wrap;gap:12px;align-items:center}
        #filter{flex:1 1 240px;max-width:420px;font:inherit;padding:7px 10px;border:1px solid var(--line);border-radius:8px;\
        background:var(--card);color:var(--text)}
        select{font:inherit;padding:5px;border-radius:6px;border:1px solid var(--line);background:var(--card);color:var(--text)}
        #count{margin:0;color:var(--muted)}
        .chips{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-top:8px}
        .chips>span{color:var(--muted);font-size:13px;min-width:56px}
        .chip{font:inherit;font-size:13px;padding:3px 10px;border-radius:999px;border:1px solid var(--line);\
        background:var(--card);color:var(--text);cursor:pointer}
        .chip small{color:var(--muted)}
        .chip[aria-pressed=true]{background:var(--accent);border-color:var(--accent);color:#fff}
        .chip[aria-pressed=true] small{color:#fff}
        .dot{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:6px;vertical-align:baseline}
        .dot.alive{background:var(--alive)}.dot.dead{background:var(--dead)}.dot.unknown{background:var(--unknown)}
        #cards{list-style:none;margin:0;padding:20px;display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:16px}
        .card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:16px;text-align:center}
        .card[hidden]{display:none}
        .card a{color:inherit;text-decoration:none;display:block;border-radius:8px}
        .card a:focus-visible,.chip:focus-visible,#filter:focus-visible,select:focus-visible{outline:3px solid var(--accent);\
        outline-offset:2px}
        .card img{width:160px;height:160px;object-fit:contain;display:block;margin:0 auto 8px}
        .card h2{font-size:16px;margin:0;overflow-wrap:anywhere}
        .card a:hover h2{text-decoration:underline}
        .status{margin:4px 0 8px;color:var(--muted);font-size:13px}
        dl{display:grid;grid-template-columns:auto 1fr;gap:2px 8px;margin:0;text-align:left;font-size:13px}
        dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
        #empty{text-align:center;color:var(--muted)}
        """
}
