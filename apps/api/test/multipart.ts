/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipartBody(
  file: Buffer,
  options: { field?: string; filename?: string; type?: string; fields?: Record<string, string> } = {},
) {
  const boundary = '----paisable-test-boundary';
  const textParts = Object.entries(options.fields ?? {})
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const head =
    textParts +
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? 'receipt'}"; filename="${options.filename ?? 'receipt.jpg'}"\r\n` +
    `Content-Type: ${options.type ?? 'image/jpeg'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
