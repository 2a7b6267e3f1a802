// The site's own settings, the same on every page and in every tab: the theme (light or dark;
// none chosen: the system's) and the sound (on or off), kept under `tabula.theme` and
// `tabula.sound`. A plain script in every page's <head>, so the page paints in its theme from
// the first frame. It marks <html data-theme data-sound>, which the pages' styles and modules
// read (src/web/browser/: `dark_page`, `sound_on`), keeps the header's toggles (#theme,
// #sound: aria-pressed) in step, and tells the page of a change with a `sitesettings` event.
// It also points the shared pages' header at the game they show.
(() => {
  const root = document.documentElement;
  // With storage off, a choice holds on this page only.
  const kept = {};
  const read = (key) => { try { return localStorage.getItem(key) ?? kept[key] ?? null; } catch { return kept[key] ?? null; } };
  const write = (key, value) => { kept[key] = value; try { localStorage.setItem(key, value); } catch { /* this page only */ } };
  const THEME = 'tabula.theme';
  const SOUND = 'tabula.sound';
  // The site's own choices (the theme, the sound, the language: src/web/languages.rs) were kept
  // under Jungle's name before the site had its own: moved once, before any page reads them.
  for (const name of ['theme', 'sound', 'lang']) {
    const old = read(`jungle.${name}`);
    if (old !== null && read(`tabula.${name}`) === null) write(`tabula.${name}`, old);
    try { localStorage.removeItem(`jungle.${name}`); } catch { /* storage off: nothing kept */ }
  }
  // Once: a theme or sound chosen before they were the site's (in the settings of the games
  // that kept them, Jungle's and shogi's: the names of those stored keys, fixed by the builds
  // that wrote them, not the site's list of games) is kept.
  if (read(THEME) === null && read(SOUND) === null) {
    for (const game of ['jungle', 'shogi']) {
      try {
        const saved = JSON.parse(read(`${game}.settings`) ?? 'null');
        const old = saved?.version === 1 ? saved.settings ?? {} : {};
        if (old.theme === 'light' || old.theme === 'dark') write(THEME, old.theme);
        if (old.muted === true) write(SOUND, 'off');
      } catch { /* unreadable: the defaults */ }
    }
  }
  const system = matchMedia('(prefers-color-scheme: dark)');
  // An embed frame's own `theme=light|dark` (docs/embed.md) wins over the site's choice.
  const asked = new URLSearchParams(location.search).get('theme');
  const show = () => {
    const chosen = asked === 'light' || asked === 'dark' ? asked : read(THEME);
    root.dataset.theme = chosen === 'light' || chosen === 'dark' ? chosen : (system.matches ? 'dark' : 'light');
    root.dataset.sound = read(SOUND) === 'off' ? 'off' : 'on';
    document.getElementById('theme')?.setAttribute('aria-pressed', String(root.dataset.theme === 'dark'));
    document.getElementById('sound')?.setAttribute('aria-pressed', String(root.dataset.sound === 'on'));
  };
  const changed = () => {
    show();
    dispatchEvent(new Event('sitesettings'));
  };
  // The shared pages (Learn, puzzles, analysis, editor: <body data-page>) show the game their
  // address names (`?game=shogi`), while their header is written for the first game's: point its
  // links at that game (the switch at this page of each game). The switch lists the games, the
  // first game first; a game's own page is `<game>.html`, the first game's the site's root.
  const pointHeader = () => {
    const game = new URLSearchParams(location.search).get('game');
    const page = document.body.dataset.page;
    const nav = document.querySelector('.topbar');
    if (!game || !page || !nav?.querySelector(`[data-game="${CSS.escape(game)}"]`)) return;
    const first = nav.querySelector('[data-game]').dataset.game;
    const of = (name) => (name === first ? '' : `?game=${name}`);
    for (const link of nav.querySelectorAll('[data-game]')) {
      link.href = `${page}.html${of(link.dataset.game)}`;
      if (link.dataset.game === game) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
    for (const link of nav.querySelectorAll('[data-page]')) {
      const to = link.dataset.page;
      link.href = to === 'play' ? (game === first ? './' : `${game}.html`) : `${to}.html${of(game)}`;
    }
  };
  show();
  // A first visit to a game's page (nothing saved, never welcomed): its welcome line shows from
  // the first paint (<html data-welcome>, style.css; the page's module decides the same,
  // remembers it, and takes the mark away when the line is closed).
  // A game's page names its game on this script's tag (<script src="site.js" data-game>).
  const playing = document.currentScript?.dataset.game ?? null;
  if (playing && read(`${playing}.game`) === null && read(`${playing}.welcomed`) === null) {
    root.dataset.welcome = playing;
  }
  document.addEventListener('DOMContentLoaded', () => {
    pointHeader();
    show();
  });
  system.addEventListener('change', changed);
  // Another tab chose.
  addEventListener('storage', (event) => { if (event.key === THEME || event.key === SOUND) changed(); });
  document.addEventListener('click', (event) => {
    const toggle = event.target.closest?.('#theme, #sound');
    if (!toggle) return;
    if (toggle.id === 'theme') write(THEME, root.dataset.theme === 'dark' ? 'light' : 'dark');
    else write(SOUND, root.dataset.sound === 'on' ? 'off' : 'on');
    changed();
  });
})();
