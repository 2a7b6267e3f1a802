// The analysis board's Web Worker: as worker.js, but it loads the game's analysis module
// (www/games.js: `analysis`, bin <game>-analysis: the search, MultiPV and the game review), which only the analysis page
// needs, so the game page's first load does not carry it (src/web/analysis_worker.rs handles
// the messages). The page stops a job by terminating this worker and starting another.
import { serve } from './worker-core.js';

serve('analysis', 'the analysis');
