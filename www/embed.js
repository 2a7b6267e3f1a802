// Starts the embed page (embed.html) on the game's wasm module: first its language's catalogue
// (www/locales/<lang>.json; English is built in), then the board. An external module script,
// so the page's Content-Security-Policy needs no inline script.
import init, { embed_language, start_embed } from './jungle.js';

await init();
const tag = embed_language();
let messages = '';
if (tag !== 'en') {
  try {
    const response = await fetch(`locales/${tag}.json`);
    if (response.ok) messages = await response.text();
    else console.warn(`embed: no ${tag} texts (${response.status}); showing English`);
  } catch (error) {
    console.warn(`embed: no ${tag} texts (${error}); showing English`);
  }
}
start_embed(messages);
