import sax from 'sax';

import { ImportError } from '../errors';

/** An XML element by its local name (prefixes dropped), with the line its start tag is on. */
export type XmlNode = {
  name: string;
  line: number;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
};

export type ReadXmlOptions = {
  /** Elements handed to `onElement` once complete and then dropped, so a 100,000-entry file never sits in memory whole. */
  stream: ReadonlySet<string>;
  /** Gets the element and the open elements around it, outermost first. */
  onElement: (node: XmlNode, ancestors: readonly XmlNode[]) => void;
};

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Reads well-formed XML with sax (strict mode): a broken file (a mismatched tag, a cut-off download,
 * an undeclared entity) is an ImportError naming the line and column. Entities declared in a DOCTYPE
 * are never expanded, so entity-expansion attacks cannot inflate a small file.
 */
export function readXml(text: string, options: ReadXmlOptions): XmlNode {
  const parser = sax.parser(true, { position: true, trim: false });
  const document: XmlNode = { name: '#document', line: 1, attributes: {}, children: [], text: '' };
  const stack: XmlNode[] = [document];
  const top = () => stack[stack.length - 1] ?? document;

  parser.onopentag = (tag) => {
    const attributes: Record<string, string> = {};
    // Without the xmlns option sax gives plain string values.
    for (const [key, value] of Object.entries(tag.attributes as Record<string, string>)) {
      attributes[localName(key)] = value;
    }
    if (stack.length > MAX_DEPTH) throw tooDeep(parser.line + 1);
    const node: XmlNode = {
      name: localName(tag.name),
      line: parser.line + 1,
      attributes,
      children: [],
      text: '',
    };
    stack.push(node);
  };
  parser.ontext = (chunk) => {
    // Only leaves keep text: the whitespace between 100,000 entries would otherwise pile up in <Stmt>.
    if (top().children.length === 0) top().text += chunk;
  };
  parser.oncdata = (chunk) => {
    if (top().children.length === 0) top().text += chunk;
  };
  parser.onclosetag = () => {
    const node = stack.pop();
    if (!node) return;
    node.text = node.children.length > 0 ? '' : node.text.trim();
    if (options.stream.has(node.name)) options.onElement(node, stack.slice(1));
    else top().children.push(node);
  };
  parser.onerror = (error) => {
    throw brokenXml(error, parser.line + 1, parser.column + 1, stack);
  };
  try {
    parser.write(text);
    if (stack.length > 1) throw cutOff(stack);
    parser.close();
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw brokenXml(error, parser.line + 1, parser.column + 1, stack);
  }
  const root = document.children[0];
  if (!root) throw new ImportError('malformed', 'The XML file has no root element.');
  return root;
}

/** camt.053 nests about 12 deep; 100 is no statement, and would make every entry costly to place. */
const MAX_DEPTH = 100;

function tooDeep(line: number): ImportError {
  return new ImportError(
    'malformed',
    `Line ${line}: elements are nested more than ${MAX_DEPTH} deep; this is not a bank statement.`,
    { line },
  );
}

function cutOff(stack: XmlNode[]): ImportError {
  const open = stack[stack.length - 1];
  const where = open ? ` before <${open.name}> (opened on line ${open.line}) is closed` : '';
  return new ImportError(
    'malformed',
    `The XML file ends${where}: it looks cut off. Download it again from your bank.`,
    open ? { line: open.line, element: open.name } : {},
  );
}

function brokenXml(error: unknown, line: number, column: number, stack: XmlNode[]): ImportError {
  const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'invalid XML';
  const inside = stack[stack.length - 1];
  const element = inside && inside.name !== '#document' ? ` inside <${inside.name}>` : '';
  return new ImportError(
    'malformed',
    `The XML is broken at line ${line}, column ${column}${element}: ${reason}.`,
    { line, ...(element ? { element: inside?.name } : {}) },
  );
}

export const xmlChild = (node: XmlNode | undefined, ...path: string[]): XmlNode | undefined =>
  path.reduce<XmlNode | undefined>((at, name) => at?.children.find((c) => c.name === name), node);

export const xmlText = (node: XmlNode | undefined, ...path: string[]): string | undefined => {
  const found = xmlChild(node, ...path);
  return found && found.text !== '' ? found.text : undefined;
};

export const xmlChildren = (node: XmlNode | undefined, name: string): XmlNode[] =>
  node?.children.filter((c) => c.name === name) ?? [];
