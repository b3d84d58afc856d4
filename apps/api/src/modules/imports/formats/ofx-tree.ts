import { ImportError } from '../errors';

/** `children` is only there once an element has one: most elements are values, and 2 million empty arrays cost. */
export type OfxNode = { name: string; line: number; text?: string; children?: OfxNode[] };

const ENTITY = /&(amp|lt|gt|quot|apos|nbsp|#\d{1,7}|#x[0-9a-f]{1,6});/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, name: string) => {
    if (!name.startsWith('#')) return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The element tree of an OFX body, for both OFX 1.x SGML and OFX 2.x XML. In SGML an element holding a
 * value needs no end tag (`<NAME>Shop` ends at the next tag) while an aggregate always has one. So an
 * element with text is a leaf; one left open when an enclosing end tag arrives was an empty element
 * (OFX 1.0.2's `<MEMO>` with no value) and whatever followed it belongs to its parent. Tolerant of
 * what banks write, strict about what breaks meaning: an end tag that closes nothing, or a file that
 * ends before `</OFX>` (a cut-off download), is an error naming the line.
 */
export function readOfxTree(text: string): OfxNode {
  const start = text.search(/<OFX>/i);
  if (start === -1) throw new ImportError('malformed', 'The OFX file has no <OFX> element.');
  const lines = lineCounter(text);
  const root: OfxNode = { name: '#document', line: 1, children: [] };
  const stack: OfxNode[] = [root];
  let leaf: OfxNode | null = null;
  // A scan by indexOf rather than a tokenising regex: a 100,000-transaction file has 2 million tags.
  let at = start;
  while (at < text.length) {
    const open = text.indexOf('<', at);
    const top = stack[stack.length - 1] ?? root;
    if (open !== at && top.children === undefined && top.text === undefined && top !== root) {
      const value = decodeEntities(text.slice(at, open === -1 ? text.length : open).trim());
      if (value !== '') {
        top.text = value;
        leaf = stack.pop() ?? null;
      }
    }
    if (open === -1) break;
    const close = text.indexOf('>', open);
    if (close === -1) break;
    at = close + 1;
    const first = text.charCodeAt(open + 1);
    if (first === 0x21 /* ! */ && text.startsWith('<!--', open)) {
      const end = text.indexOf('-->', open + 4);
      at = end === -1 ? text.length : end + 3;
      continue;
    }
    const isEnd = first === 0x2f; /* / */
    const name = tagName(text, isEnd ? open + 2 : open + 1, close);
    if (name === null) continue; // <?OFX …?>, <!DOCTYPE …>, or a stray "<"
    if (!isEnd) {
      if (stack.length > MAX_DEPTH) throw tooDeep(lines(open));
      const node: OfxNode = { name, line: lines(open) };
      const parent = stack[stack.length - 1] ?? root;
      (parent.children ??= []).push(node);
      stack.push(node);
      leaf = null;
    } else if (leaf?.name === name) {
      leaf = null;
    } else {
      closeElement(stack, name, lines(open));
      if (stack.length === 1) break;
    }
  }
  if (stack.length > 1) throw cutOff(stack);
  const ofx = root.children?.[0];
  if (!ofx) throw new ImportError('malformed', 'The OFX file has no <OFX> element.');
  return ofx;
}

/** The upper-cased element name between `from` and `to`, or null when it is no element name. */
function tagName(text: string, from: number, to: number): string | null {
  let end = from;
  for (; end < to; end += 1) {
    const code = text.charCodeAt(end);
    const isNameCharacter =
      (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x61 && code <= 0x7a) ||
      (code >= 0x30 && code <= 0x39) ||
      code === 0x2e ||
      code === 0x5f;
    if (!isNameCharacter) break;
  }
  if (end === from) return null;
  const code = text.charCodeAt(from);
  if (code >= 0x30 && code <= 0x39) return null;
  const name = text.slice(from, end);
  return /[a-z]/.test(name) ? name.toUpperCase() : name;
}

/** Line numbers of positions asked for in increasing order, counting each newline once. */
function lineCounter(text: string): (position: number) => number {
  let line = 1;
  let counted = 0;
  return (position) => {
    for (let at = text.indexOf('\n', counted); at !== -1 && at < position; at = text.indexOf('\n', at + 1)) {
      line += 1;
      counted = at + 1;
    }
    if (counted < position) counted = position;
    return line;
  };
}

/** Real OFX nests about 8 deep; a file nesting 100 deep is not a statement (and would cost recursion). */
const MAX_DEPTH = 100;

function tooDeep(line: number): ImportError {
  return new ImportError(
    'malformed',
    `Line ${line}: elements are nested more than ${MAX_DEPTH} deep; this is not an OFX statement.`,
    { line },
  );
}

function closeElement(stack: OfxNode[], name: string, line: number): void {
  let depth = stack.length - 1;
  while (depth > 0 && stack[depth]?.name !== name) depth -= 1;
  if (depth === 0) {
    throw new ImportError('malformed', `Line ${line}: </${name}> closes an element that is not open.`, {
      line,
    });
  }
  // Elements left open inside it were empty: what they seemed to contain follows them instead.
  while (stack.length - 1 > depth) {
    const empty = stack.pop();
    const parent = stack[stack.length - 1];
    if (!empty || !parent) break;
    if (!empty.children) continue;
    const siblings = parent.children ?? [];
    const at = siblings.lastIndexOf(empty) + 1;
    parent.children = siblings.slice(0, at).concat(empty.children, siblings.slice(at));
    delete empty.children;
  }
  stack.pop();
}

function cutOff(stack: OfxNode[]): ImportError {
  const aggregates = stack.slice(1).filter((node) => node.children !== undefined);
  const open = aggregates[aggregates.length - 1] ?? stack[1];
  const where = open ? ` before <${open.name}> (opened on line ${open.line}) is closed` : '';
  return new ImportError(
    'malformed',
    `The OFX file ends${where}: it looks cut off. Download it again from your bank.`,
    open ? { line: open.line } : {},
  );
}

/** The first child with this name, and its text. */
export const child = (node: OfxNode | undefined, name: string) =>
  node?.children?.find((c) => c.name === name);
export const textOf = (node: OfxNode | undefined, name: string) => child(node, name)?.text;

/** Every element with this name below the node, in document order. */
export function descendants(node: OfxNode, name: string, found: OfxNode[] = []): OfxNode[] {
  for (const inner of node.children ?? []) {
    if (inner.name === name) found.push(inner);
    else descendants(inner, name, found);
  }
  return found;
}
