/**
 * Windows-1252 differs from ISO-8859-1 only in 0x80–0x9F (€, curly quotes, dashes, Š, Ž, …). Node 20's
 * TextDecoder('windows-1252') decodes those bytes as ISO-8859-1 control characters (a known Node bug),
 * so the difference is applied here: Latin-1 first, then these 27 characters. The 5 bytes Windows-1252
 * leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) stay as their control characters, as WHATWG says.
 */
const HIGH_CHARACTERS: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};

export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\x80-\x9f]/g, (character) => HIGH_CHARACTERS[character.charCodeAt(0)] ?? character);
}
