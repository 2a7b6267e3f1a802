// The AI's Web Worker: loads the AI module of the game its address names (`worker.js?game=shogi`;
// none: the first game) — the rules and the search of that game only (www/games.js: `ai`) — and
// hands every message to Rust (src/web/ai_worker.rs), which searches and posts the replies
// (worker-core.js). The page cancels a search by terminating this worker and starting another.
import { serve } from './worker-core.js';

serve('ai', 'the AI');
