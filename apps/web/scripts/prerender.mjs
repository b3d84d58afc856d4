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

const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const mount = '<div id="root"></div>';
if (!shell.includes(mount)) throw new Error(`dist/index.html has no ${mount}`);
fs.mkdirSync(path.join(dist, 'pages'), { recursive: true });
for (const [name, url] of Object.entries(PRERENDERED_PAGES)) {
  const markup = await renderPage(url);
  if (!markup.trim()) throw new Error(`${url} rendered nothing`);
  fs.writeFileSync(
    path.join(dist, 'pages', `${name}.html`),
    shell.replace(mount, `<div id="root">${markup}</div>`),
  );
  console.log(`prerendered ${url} → dist/pages/${name}.html (${markup.length} characters)`);
}
fs.rmSync(ssr, { recursive: true, force: true });
