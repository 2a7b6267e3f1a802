// The Learn page (learn.html): renders the tutorial (learn/lessons.json) in the reader's language
// (`lang`, else the browser's, else English; learn/locales/<lang>.json over English), each board an
// embed.html frame whose query comes from the rules code (LessonBoard::embed_query).
import init, { embed_language, lesson_queries } from './jungle.js';

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

async function main() {
  await init();
  const lang = embed_language();
  document.documentElement.lang = lang;
  const theme = matchMedia('(prefers-color-scheme: dark)');
  const applyTheme = () => { document.documentElement.dataset.theme = theme.matches ? 'dark' : 'light'; };
  applyTheme();
  theme.addEventListener('change', applyTheme);

  const lessonsText = await text('learn/lessons.json');
  const english = JSON.parse(await text('learn/locales/en.json'));
  let local = {};
  if (lang !== 'en') {
    try {
      local = JSON.parse(await text(`learn/locales/${lang}.json`));
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
  const queries = JSON.parse(lesson_queries(lessonsText));
  const ui = (name, values) => t(lessons.ui[name], values);
  document.title = ui('title');
  document.getElementById('learn-title').textContent = ui('title');
  document.getElementById('learn-intro').textContent = ui('intro');
  document.getElementById('learn-back').textContent = ui('backToGame');
  document.getElementById('learn-back').href = lang === 'en' ? 'index.html' : `index.html?lang=${lang}`;

  const toc = document.getElementById('learn-toc');
  const list = element('ol');
  toc.append(list);
  const container = document.getElementById('lessons');
  lessons.sections.forEach((section, s) => {
    const item = element('li');
    item.append(element('a', { href: `#${section.id}` }, t(section.title)));
    list.append(item);

    const part = element('section', { id: section.id, class: 'lesson' });
    part.append(element('h2', {}, t(section.title)));
    section.boards.forEach((board, b) => {
      const block = element('div', { class: 'lesson-board' });
      const words = element('div', { class: 'lesson-text' });
      for (const key of board.text) words.append(element('p', {}, t(key)));
      if (board.try) words.append(element('p', { class: 'lesson-try' }, t(board.try.prompt)));
      if (board.puzzle) {
        const n = board.puzzle.winIn;
        words.append(element('p', { class: 'lesson-try' }, n === 1 ? ui('winIn1') : ui('winInN', { n: String(n) })));
      }
      const src = `embed.html?${queries[s][b]}&lang=${encodeURIComponent(lang)}&id=${section.id}-${b + 1}`;
      const frame = element('iframe', {
        src,
        title: t(section.title),
        loading: 'lazy',
        class: 'lesson-frame',
      });
      block.append(words, frame);
      part.append(block);
    });
    container.append(part);
  });
  document.body.dataset.ready = 'true';
}

main().catch((error) => {
  console.warn(`learn: ${error.message ?? error}`);
  const box = document.getElementById('learn-error');
  box.textContent = `The lessons could not be loaded: ${error.message ?? error}`;
  box.hidden = false;
});
