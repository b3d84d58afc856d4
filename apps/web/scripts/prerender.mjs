// After `vite build` (dist) and `vite build --ssr src/prerender.tsx` (dist-ssr): writes each public page's
// HTML into the shell, as dist/pages/<name>.html. The server sends them for their routes; the app hydrates.
import fs from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const ssr = path.join(web, 'dist-ssr');
// The router runs in its browser mode here (see vite.config.ts), which registers itself on `self`.
globalThis.self ??= globalThis;
const { PRERENDERED_PAGES, renderPage } = await import(path.join(ssr, 'prerender.js'));

const shell = inlineStylesheet(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
const mount = '<div id="root"></div>';
if (!shell.includes(mount)) throw new Error(`dist/index.html has no ${mount}`);
const shellTitle = '<title>Paisable</title>';
if (!shell.includes(shellTitle)) throw new Error(`dist/index.html has no ${shellTitle}`);
fs.mkdirSync(path.join(dist, 'pages'), { recursive: true });
for (const [name, url] of Object.entries(PRERENDERED_PAGES)) {
  const { markup, title } = await renderPage(url);
  if (!markup.trim()) throw new Error(`${url} rendered nothing`);
  if (!title) throw new Error(`${url} names no title (its route's head)`);
  fs.writeFileSync(
    path.join(dist, 'pages', `${name}.html`),
    shell
      .replace(shellTitle, () => `<title>${escapeHtml(title)}</title>`)
      .replace(mount, () => `<div id="root">${markup}</div>`),
  );
  console.log(`prerendered ${url} → dist/pages/${name}.html (${markup.length} characters)`);
}
fs.rmSync(ssr, { recursive: true, force: true });

/**
 * A prerendered page can paint as soon as its HTML is in, but a stylesheet link holds the first paint until
 * the CSS has come over the network too, sharing a slow phone's link with the app's scripts (about 0.5 s on
 * "slow 4G"). The app's one stylesheet (about 7 KB compressed) goes into these pages instead; the signed-in
 * shell (index.html) keeps the cached link. The CSS has no url() to resolve against /assets/.
 */
function inlineStylesheet(html) {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
  if (links.length !== 1)
    throw new Error(`dist/index.html should link one stylesheet, found ${links.length}`);
  const [link, file] = links[0];
  const css = fs.readFileSync(path.join(dist, file), 'utf8');
  if (css.includes('url(')) throw new Error(`${file} refers to other files: it cannot be inlined as is`);
  return html.replace(link, () => `<style>${css.replaceAll('</style', '<\\/style')}</style>`);
}

function escapeHtml(text) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
