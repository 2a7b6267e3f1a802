// The Learn page (learn.html, learn.html?game=shogi): renders the game's tutorial (its lessons.json,
// pages-module.js names the files) in the reader's language (`lang`, else the browser's, else
// English; the tutorial's locales/<lang>.json over English), each board an embed.html frame of
// the game whose query comes from the rules code (LessonBoard::embed_query); a game with proven
// puzzles (shogi's tsume.json) gets them after the lessons, one section per length. A frame
// starts (loads its page and its wasm module) only when it scrolls near the screen: thirty boards
// starting at once would keep the phone busy for seconds. A board with a `try` listens to its
// frame's events (docs/embed.md) and says under the prompt whether the reader's first move does
// what the lesson asks; "show me" plays one of the moves for them.
import { FIRST_GAME } from './games.js';
import { game, gameName, loadPages, readerLanguage } from './pages-module.js';

/** How long "try again" shows before the board goes back to the lesson's position, ms. */
const TRY_AGAIN_MS = 1200;
/** How long a first move of a win/draw task waits for the game to end before it counts as
 * wrong, ms (the frame sends `gameover` right after the move that ends the game). */
const GAME_END_MS = 600;
/** How far below (or above) the screen a frame starts loading, so that it is ready when seen. */
const FRAME_MARGIN = '400px 0px';

async function text(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

function element(tag, attributes = {}, content = '') {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (content) node.textContent = content;
  return node;
}

/**
 * Frames start when their place comes near the screen: until then a placeholder of the same size
 * stands in the page (an iframe in the document costs a browsing context even before it loads).
 */
const waitingFrames = new Map();
const frameStarter = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    frameStarter.unobserve(entry.target);
    const { frame, source } = waitingFrames.get(entry.target);
    waitingFrames.delete(entry.target);
    source().then(
      () => entry.target.replaceWith(frame),
      (error) => console.warn(`learn: a board cannot start: ${error.message ?? error}`),
    );
  }
}, { rootMargin: FRAME_MARGIN });

/**
 * `frame`'s place in the page, which it takes when it comes near the screen, once `source`
 * (which gives it its address) has resolved.
 */
function placeFor(frame, source) {
  const place = element('div', { class: 'lesson-frame lesson-frame-waiting' });
  waitingFrames.set(place, { frame, source });
  frameStarter.observe(place);
  return place;
}

/** The JSON of every catalogue of the game's tutorial in `lang`, later ones over earlier ones. */
async function catalogues(lang) {
  const parts = await Promise.all(game.locales.map((folder) => text(`${folder}/${lang}.json`)));
  return Object.assign({}, ...parts.map((part) => JSON.parse(part)));
}

/** A puzzle of the game's puzzle file as a lesson board (the same embed query). */
function puzzleBoard(puzzle, ui) {
  const themes = { drop: 'themeDrop', promotion: 'themePromotion', sacrifice: 'themeSacrifice' };
  return {
    fen: puzzle.position,
    text: [],
    themes: puzzle.themes.filter((theme) => themes[theme]).map((theme) => ui(themes[theme])),
    puzzle: { winIn: (puzzle.line.length + 1) / 2, solution: puzzle.line },
  };
}

/** The puzzles as sections of lessons, one per length, shortest first. */
function puzzleSections(puzzles, ui) {
  const lengths = [...new Set(puzzles.map((puzzle) => puzzle.line.length))].sort((a, b) => a - b);
  return lengths.map((plies) => ({
    id: `mate-in-${plies}`,
    heading: plies === 1 ? ui('mateIn1') : ui('mateInN', { n: String(plies) }),
    boards: puzzles.filter((puzzle) => puzzle.line.length === plies).map((puzzle) => puzzleBoard(puzzle, ui)),
  }));
}

async function main() {
  // The lessons and the English texts download while the module compiles.
  const loaded = Promise.all([
    text(game.lessons),
    catalogues('en'),
    game.puzzles ? text(game.puzzles) : Promise.resolve(null),
  ]);
  // The texts do not wait for the module: only the boards' queries need it.
  const pages = loadPages();
  pages.catch(() => {}); // handled where it is awaited, by the boards
  const lang = readerLanguage();
  document.documentElement.lang = lang;
  // (The theme is the site's, www/site.js: the lesson frames follow it too.)

  const [lessonsText, english, puzzlesText] = await loaded;
  let local = {};
  if (lang !== 'en') {
    try {
      local = await catalogues(lang);
    } catch (error) {
      console.warn(`learn: no ${lang} texts (${error.message}); showing English`);
    }
  }
  const t = (key, values = {}) => {
    let message = local[key] ?? english[key];
    if (message === undefined) {
      console.warn(`learn: no text for ${key}`);
      message = key;
    }
    for (const [name, value] of Object.entries(values)) message = message.replaceAll(`{${name}}`, value);
    return message;
  };

  const lessons = JSON.parse(lessonsText);
  const ui = (name, values) => t(lessons.ui[name], values);
  if (puzzlesText) lessons.sections.push(...puzzleSections(JSON.parse(puzzlesText).puzzles, ui));
  // The boards' queries come from the rules code, puzzles' included, once the module is here:
  // a section's at a time, when its first board comes near the screen (reading sixty boards'
  // positions and lines at once would block the page for a long moment on a phone).
  const sectionQueries = new Map();
  const queriesOf = (s) => {
    if (!sectionQueries.has(s)) {
      const section = lessons.sections[s];
      const one = { id: section.id, title: section.title ?? '', boards: section.boards.map(({ themes, ...board }) => board) };
      sectionQueries.set(s, pages.then(({ lesson_queries }) => JSON.parse(lesson_queries(JSON.stringify({ format: lessons.format, ui: lessons.ui, sections: [one] })))[0]));
    }
    return sectionQueries.get(s);
  };
  const withLang = (page) => (lang === 'en' ? page : `${page}${page.includes('?') ? '&' : '?'}lang=${lang}`);
  document.title = ui('title');
  document.body.dataset.game = gameName;
  document.getElementById('learn-title').textContent = ui('title');
  document.getElementById('learn-intro').textContent = ui('intro');
  // The site's header in the reader's language (the page holds its English).
  for (const [attribute, property] of [['data-i18n', null], ['data-i18n-label', 'aria-label'], ['data-i18n-title', 'title']]) {
    for (const item of document.querySelectorAll(`.topbar [${attribute}]`)) {
      const said = local[item.getAttribute(attribute)] ?? english[item.getAttribute(attribute)];
      if (said === undefined || item.id === 'learn-title') continue;
      if (property) item.setAttribute(property, said);
      else item.textContent = said;
    }
  }
  if (lessons.ui.forAuthors) {
    document.getElementById('learn-editor').textContent = ui('forAuthors');
    document.getElementById('learn-editor').href = withLang('editor.html');
  }

  const toc = document.getElementById('learn-toc');
  const list = element('ol');
  toc.append(list);
  const container = document.getElementById('lessons');
  for (const [s, section] of lessons.sections.entries()) {
    // The puzzles' sections come in later tasks: the lessons show first, and the page never
    // blocks for long while thirty boards' places are made.
    if (section.heading) await new Promise((resolve) => { setTimeout(resolve); });
    const heading = section.heading ?? t(section.title);
    const item = element('li');
    item.append(element('a', { href: `#${section.id}` }, heading));
    list.append(item);

    const part = element('section', { id: section.id, class: 'lesson' });
    part.style.setProperty('--boards', String(section.boards.length));
    part.append(element('h2', {}, heading));
    section.boards.forEach((board, b) => {
      const block = element('div', { class: 'lesson-board' });
      const words = element('div', { class: 'lesson-text' });
      for (const key of board.text) words.append(element('p', {}, t(key)));
      if (board.try) words.append(element('p', { class: 'lesson-try' }, t(board.try.prompt)));
      // (A section of puzzles of one length says it in its heading.)
      if (board.puzzle && !section.heading) words.append(element('p', { class: 'lesson-try' }, puzzleLength(board.puzzle, ui, lessons.ui)));
      if (board.themes?.length) words.append(element('p', { class: 'lesson-themes' }, board.themes.join(' · ')));
      const id = `${section.id}-${b + 1}`;
      const gameQuery = gameName === FIRST_GAME ? '' : `game=${gameName}&`;
      const frame = element('iframe', { title: heading, class: 'lesson-frame' });
      const source = () => queriesOf(s).then((queries) => {
        let src = `embed.html?${gameQuery}${queries[b]}&lang=${encodeURIComponent(lang)}&id=${id}`;
        // The frames take commands from this page only and send their events only to it.
        if (/^https?:$/.test(location.protocol)) src += `&origin=${encodeURIComponent(location.origin)}`;
        frame.src = src;
      });
      if (board.try) words.append(tryControls(board.try, id, frame, ui));
      block.append(words, placeFor(frame, source));
      part.append(block);
    });
    container.append(part);
  }
  document.getElementById('learn-authors').hidden = !lessons.ui.forAuthors;
  window.addEventListener('message', heard);
  const { embed_language } = await pages;
  if (embed_language() !== lang) console.error(`learn: the page chose ${lang}, its module ${embed_language()}`);
  document.body.dataset.ready = 'true';
}

/**
 * A puzzle's length the tutorial's way: Jungle counts the winner's moves ("win in 2"), shogi
 * the plies of its mate ("mate in 3", 3手詰め) when its texts have `mateIn1`.
 */
function puzzleLength(puzzle, ui, keys) {
  if (keys.mateIn1) {
    const plies = 2 * puzzle.winIn - 1;
    return plies === 1 ? ui('mateIn1') : ui('mateInN', { n: String(plies) });
  }
  const n = puzzle.winIn;
  return n === 1 ? ui('winIn1') : ui('winInN', { n: String(n) });
}

/** The boards with a task, by their frame's `id`. */
const tasks = new Map();

/**
 * The feedback line and the buttons under a task's prompt; registers the task so that its
 * frame's events are heard.
 */
function tryControls(task, id, frame, ui) {
  const box = element('div', { class: 'lesson-feedback-box' });
  const feedback = element('p', { class: 'lesson-feedback', role: 'status', 'aria-live': 'polite', 'data-board': id });
  const showMe = element('button', { type: 'button', class: 'lesson-show-me', disabled: '' }, ui('showMe'));
  const again = element('button', { type: 'button', class: 'lesson-again', disabled: '' }, ui('reset'));
  const buttons = element('div', { class: 'lesson-buttons' });
  buttons.append(showMe, again);
  box.append(feedback, buttons);
  const entry = {
    task,
    frame,
    feedback,
    buttons: [showMe, again],
    ui,
    startPly: 0,
    // trying: the next first move is judged; judging: waiting for the game to end;
    // done: judged right (or shown), later moves are the reader exploring; wrong: going back.
    state: 'trying',
    showing: false,
    timer: undefined,
  };
  tasks.set(id, entry);
  showMe.addEventListener('click', () => {
    cancelTimer(entry);
    entry.showing = true;
    send(entry, { type: 'tabula:reset' });
    send(entry, { type: 'tabula:playMoves', moves: [task.moves[0]] });
  });
  again.addEventListener('click', () => {
    cancelTimer(entry);
    entry.showing = false;
    say(entry, '', '');
    send(entry, { type: 'tabula:reset' });
  });
  return box;
}

function send(entry, message) {
  entry.frame.contentWindow?.postMessage({ version: 1, ...message }, location.origin === 'null' ? '*' : location.origin);
}

function say(entry, state, text) {
  entry.feedback.textContent = text;
  if (state) entry.feedback.dataset.feedback = state;
  else delete entry.feedback.dataset.feedback;
}

function cancelTimer(entry) {
  clearTimeout(entry.timer);
  entry.timer = undefined;
}

function right(entry) {
  cancelTimer(entry);
  entry.state = 'done';
  say(entry, 'right', entry.ui('wellDone'));
}

/** "Try again", then the board goes back to the lesson's position. */
function wrong(entry) {
  cancelTimer(entry);
  entry.state = 'wrong';
  say(entry, 'wrong', entry.ui('tryAgain'));
  entry.timer = setTimeout(() => {
    entry.timer = undefined;
    send(entry, { type: 'tabula:reset' });
  }, TRY_AGAIN_MS);
}

/** An event from a lesson frame: only from the frame itself, matched by its `id`. */
function heard(event) {
  const message = event.data;
  if (typeof message?.type !== 'string' || !message.type.startsWith('tabula:')) return;
  const entry = tasks.get(message.id);
  if (!entry || event.source !== entry.frame.contentWindow) return;
  const { task } = entry;
  const expect = task.expect ?? 'move';
  switch (message.type) {
    case 'tabula:ready':
      entry.startPly = message.ply;
      for (const button of entry.buttons) button.disabled = false;
      break;
    case 'tabula:move':
      if (message.ply !== entry.startPly + 1) break; // only the first move from the lesson's position counts
      if (entry.showing) {
        entry.showing = false;
        entry.state = 'done';
        // As the game's tutorial writes its moves (www/games.js).
        const move = game.shownMove(message);
        say(entry, 'shown', entry.ui('shown', { move }));
        break;
      }
      if (entry.state !== 'trying') break;
      if (expect === 'win' || expect === 'draw') {
        // Judged by the end of the game the move brings (any winning move wins).
        entry.state = 'judging';
        entry.mover = message.side;
        entry.timer = setTimeout(() => wrong(entry), GAME_END_MS);
      } else if (task.moves.includes(message.move)) {
        right(entry);
      } else {
        wrong(entry);
      }
      break;
    case 'tabula:gameover':
      if (entry.state !== 'judging') break;
      if (expect === 'win' ? message.winner === entry.mover : message.winner === undefined) right(entry);
      else wrong(entry);
      break;
    case 'tabula:position':
      // Back at the lesson's position (the reader's reset or undo, or ours): ready for a try;
      // "try again" stays until the next move, a "well done" is cleared.
      if (message.ply !== entry.startPly) break;
      cancelTimer(entry);
      if (entry.state === 'done' && !entry.showing) say(entry, '', '');
      entry.state = 'trying';
      break;
    default:
      break;
  }
}

main().catch((error) => {
  console.warn(`learn: ${error.message ?? error}`);
  const box = document.getElementById('learn-error');
  box.textContent = `The lessons could not be loaded: ${error.message ?? error}`;
  box.hidden = false;
});
