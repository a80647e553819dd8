extension GalleryPage {
    /// The page's script: the filter (name, folded as `NameFolding` folds: case, accents, periods
    /// and spaces aside, every apostrophe straight, and set aside when none is typed), the status and species chips
    /// (any of those pressed in a group), sorting by id or name, the count shown, and `/` to focus
    /// the filter (Escape clears it). It reads the cards' `data-` attributes and writes only
    /// `hidden`, `aria-pressed`, the order and the count's text, never markup.
    static let script = """
        (() => {
          const list = document.getElementById('cards');
          const cards = Array.from(list.children);
          const filter = document.getElementById('filter');
          const sort = document.getElementById('sort');
          const count = document.getElementById('count');
          const empty = document.getElementById('empty');
          const chips = Array.from(document.querySelectorAll('.chip'));
          const fold = (text) => text.normalize('NFD').replace(/[\\u0300-\\u036f.]/g, '')
            .replace(/[\\u2019\\u2018`\\u00b4\\u02bc]/g, "'").toLowerCase().replace(/\\s+/g, ' ').trim();
          const names = new Map(cards.map((card) => [card, fold(card.dataset.name)]));
          const loose = new Map(cards.map((card) => [card, names.get(card).replaceAll("'", '')]));
          const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
          const pressed = (group) => new Set(chips
            .filter((chip) => chip.dataset.group === group && chip.getAttribute('aria-pressed') === 'true')
            .map((chip) => chip.dataset.value));
          function update() {
            const text = fold(filter.value);
            const among = text.includes("'") ? names : loose;
            const statuses = pressed('status');
            const species = pressed('species');
            let shown = 0;
            for (const card of cards) {
              const visible = (names.get(card).includes(text) || among.get(card).includes(text))
                && (statuses.size === 0 || statuses.has(card.dataset.status))
                && (species.size === 0 || species.has(card.dataset.species));
              card.hidden = !visible;
              if (visible) shown += 1;
            }
            count.textContent = `${shown} of ${cards.length}`;
            empty.hidden = shown > 0;
          }
          function reorder() {
            const byID = (a, b) => Number(a.dataset.id) - Number(b.dataset.id);
            const byName = (a, b) => collator.compare(a.dataset.name, b.dataset.name) || byID(a, b);
            list.append(...cards.slice().sort(sort.value === 'name' ? byName : byID));
          }
          filter.addEventListener('input', update);
          filter.addEventListener('keydown', (event) => {
            if (event.key === 'Escape' && filter.value !== '') { filter.value = ''; update(); }
          });
          sort.addEventListener('change', reorder);
          for (const chip of chips) {
            chip.addEventListener('click', () => {
              chip.setAttribute('aria-pressed', chip.getAttribute('aria-pressed') === 'true' ? 'false' : 'true');
              update();
            });
          }
          document.addEventListener('keydown', (event) => {
            if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
            if (document.activeElement === filter) return;
            event.preventDefault();
            filter.focus();
            filter.select();
          });
          update();
        })();
        """
}
