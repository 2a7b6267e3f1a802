// <game-board>: the embeddable board as a tag, for authors who would rather not write an
// <iframe> themselves (docs/embed.md). It is a frame of embed.html all the same: the board keeps
// its own page, rules, AI and offline copy, and the host page's styles and scripts cannot break it.
// `<jungle-board>` is the same element under its first name (pages written for it keep working).
//
//   <script type="module" src="https://jungle.example/jungle-board.js"></script>
//   <game-board fen="6e/3L3/7/7/7/7/7/7/7_b_0_1" mode="puzzle" solution="d8d9"></game-board>
//   <game-board game="shogi" sfen="8k/9/8n/6B2/9/9/9/9/9_b_G2rb3g4s3n4l18p_1" mode="puzzle" solution="G*1b"></game-board>
//
// Attributes: every URL parameter of embed.html (game, fen, sfen, moves, ply, variant,
// orientation, mode, solution, side, level, lang, theme, coords, marks, controls, sound, id),
// plus width and height (CSS pixels, default 360 × 480). Events: `ready`, `move`, `position`,
// `gameover` (CustomEvents whose detail is the frame's message). Methods: setPosition(fen, moves)
// (an SFEN for shogi), playMoves(moves), undo(), flip(), reset().
const PARAMETERS = ['game', 'fen', 'sfen', 'moves', 'ply', 'variant', 'orientation', 'mode', 'solution',
  'side', 'level', 'lang', 'theme', 'coords', 'marks', 'controls', 'sound', 'id'];
const EMBED = new URL('./embed.html', import.meta.url);
const TAGS = ['game-board', 'jungle-board'];

class GameBoard extends HTMLElement {
  static observedAttributes = [...PARAMETERS, 'width', 'height'];

  connectedCallback() {
    if (!this.frame) {
      this.frame = document.createElement('iframe');
      // The frame's name: its game's (none: the embed page's first game, Jungle).
      const name = this.getAttribute('game')?.trim().toLowerCase() || 'jungle';
      const game = `${name[0].toUpperCase()}${name.slice(1)}`;
      this.frame.setAttribute('title', this.getAttribute('title') ?? `${game} board`);
      this.frame.style.border = '0';
      this.frame.style.display = 'block';
      this.append(this.frame);
    }
    this.update();
  }

  attributeChangedCallback() {
    if (this.frame) this.update();
  }

  update() {
    const url = new URL(EMBED);
    for (const name of PARAMETERS) {
      const value = this.getAttribute(name);
      if (value !== null && value !== '') url.searchParams.set(name, value);
    }
    // Events go only to this page, and commands are taken only from it.
    if (/^https?:$/.test(location.protocol)) url.searchParams.set('origin', location.origin);
    this.frame.width = this.getAttribute('width') ?? '360';
    this.frame.height = this.getAttribute('height') ?? '480';
    if (this.frame.src !== url.href) this.frame.src = url.href;
  }

  send(type, fields = {}) {
    this.frame?.contentWindow?.postMessage({ type: `jungle:${type}`, version: 1, ...fields }, EMBED.origin);
  }

  setPosition(fen, moves = []) { this.send('setPosition', { fen, moves }); }
  playMoves(moves) { this.send('playMoves', { moves }); }
  undo() { this.send('undo'); }
  flip() { this.send('flip'); }
  reset() { this.send('reset'); }
}

// The frames' events, re-dispatched on their elements.
window.addEventListener('message', (event) => {
  const type = event.data?.type;
  if (event.origin !== EMBED.origin || typeof type !== 'string' || !type.startsWith('jungle:')) return;
  for (const board of document.querySelectorAll(TAGS.join(','))) {
    if (board.frame && event.source === board.frame.contentWindow) {
      board.dispatchEvent(new CustomEvent(type.slice('jungle:'.length), { detail: event.data }));
    }
  }
});

// One class per name: a custom element class may be defined under one name only.
for (const tag of TAGS) {
  if (!customElements.get(tag)) customElements.define(tag, class extends GameBoard {});
}
