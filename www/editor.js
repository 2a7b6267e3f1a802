// Starts the position editor (editor.html) on the pages module of the game in its address
// (`?game=shogi`; Jungle by default: www/pages-module.js). An external module script, so the
// page's Content-Security-Policy needs no inline script.
import { loadPages } from './pages-module.js';

const { start_editor } = await loadPages();
start_editor();
