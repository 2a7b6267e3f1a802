// The AI's Web Worker: loads the AI module of the game its address names (`worker.js?game=shogi`;
// none: Jungle) — the rules and the search of that game only: Jungle's own AI module (bin
// jungle-ai), or shogi's one module, which its page has already loaded (bin shogi-game) — and
// hands every message to Rust (src/web/ai_worker.rs), which searches and posts the replies
// (worker-core.js). The page cancels a search by terminating this worker and starting another.
import { serve } from './worker-core.js';

serve({
  jungle: { glue: () => import('./jungle-ai.js'), wasm: 'jungle-ai_bg.wasm' },
  shogi: { glue: () => import('./shogi-game.js'), wasm: 'shogi-game_bg.wasm' },
}, 'the AI');
