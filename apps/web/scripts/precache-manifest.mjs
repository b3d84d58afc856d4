// After the app, its prerendered pages and the service worker are built: writes into dist/sw.js the list
// of files it stores on install (Workbox's precache manifest). Hashed assets are named by their content;
// every other file gets a revision from its content, so a changed shell or page is fetched again.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../dist');
const worker = path.join(dist, 'sw.js');
const PLACEHOLDER = 'self.__WB_MANIFEST';

/** What a page may need without network; source maps, compressed copies and robots.txt are left out. */
const STORED =
  /^(index\.html|pages\/[^/]+\.html|assets\/[^/]+\.(js|css|svg|png|woff2?)|favicon-[a-z]+\.svg|manifest\.webmanifest|icons\/[^/]+\.(png|svg))$/;

const entries = [];
let bytes = 0;
for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const file = path.join(entry.parentPath, entry.name);
  const url = path.relative(dist, file).split(path.sep).join('/');
  if (!STORED.test(url)) continue;
  const content = fs.readFileSync(file);
  bytes += content.length;
  const hashed = url.startsWith('assets/');
  entries.push({
    url: `/${url}`,
    revision: hashed ? null : crypto.createHash('md5').update(content).digest('hex'),
  });
}
entries.sort((a, b) => a.url.localeCompare(b.url));

const source = fs.readFileSync(worker, 'utf8');
if (source.split(PLACEHOLDER).length !== 2) throw new Error(`dist/sw.js should name ${PLACEHOLDER} once`);
fs.writeFileSync(
  worker,
  source.replace(PLACEHOLDER, () => JSON.stringify(entries)),
);
console.log(
  `service worker stores ${entries.length} files (${(bytes / 1024).toFixed(0)} KB before compression)`,
);
