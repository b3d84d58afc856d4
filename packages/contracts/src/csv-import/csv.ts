/**
 * RFC 4180 records: quoted fields may hold the delimiter, doubled quotes and line breaks; CRLF or LF line
 * ends; a UTF-8 byte order mark (Excel's) is dropped. Blank lines are skipped. Each record keeps the line
 * it starts on, so problems can be reported by line number.
 */
export function parseCsv(text: string, delimiter = ','): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;

  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };

  for (let index = 0; index < input.length; index += 1) {
    const character = input[index];
    if (quoted) {
      if (character === '"' && input[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') {
        quoted = false;
      } else {
        if (character === '\n') line += 1;
        cell += character;
      }
    } else if (character === '"' && cell === '') {
      quoted = true;
    } else if (character === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && input[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += character;
    }
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** Comma, semicolon (European bank exports) or tab: whichever splits the header line most. */
export function detectDelimiter(text: string): string {
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((delimiter) => ({ delimiter, count: header.split(delimiter).length }));
  return counts.reduce((best, next) => (next.count > best.count ? next : best)).delimiter;
}
