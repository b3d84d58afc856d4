/**
 * Downloads of a report: its table as CSV (RFC 4180, amounts as plain decimals, so a spreadsheet reads
 * them as numbers) and its chart as the SVG the page drew.
 */
export function downloadCsv(fileName: string, rows: readonly (readonly (string | number)[])[]) {
  const text = rows.map((row) => row.map(csvField).join(',')).join('\r\n');
  save(fileName, new Blob([`${text}\r\n`], { type: 'text/csv;charset=utf-8' }));
}

function csvField(value: string | number): string {
  const text = String(value);
  // A leading = + - @ would be run as a formula by a spreadsheet: a quote mark keeps it text.
  const safe = /^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The first chart drawn inside `container`, as a standalone SVG file; false when none is drawn. */
export function downloadSvg(fileName: string, container: HTMLElement | null): boolean {
  const svg = container?.querySelector('svg[role="img"], svg');
  if (!svg) return false;
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const text = new XMLSerializer().serializeToString(copy);
  save(fileName, new Blob([text], { type: 'image/svg+xml' }));
  return true;
}

function save(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
