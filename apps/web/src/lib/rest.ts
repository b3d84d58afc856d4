import { getToken } from './token';

/**
 * Downloads a file from the REST API with the session's token and saves it under `filename`.
 * (A plain link cannot carry the Authorization header.)
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const token = getToken();
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type UploadResult = { status: number; body: unknown };

/**
 * Sends one file as multipart/form-data under `field`, reporting the share of bytes sent (0–1).
 * XMLHttpRequest, because fetch cannot report upload progress.
 */
export function uploadFile(
  path: string,
  field: string,
  file: File,
  onProgress: (sent: number) => void,
  /** Text fields, sent before the file (the server reads them first). */
  fields: Record<string, string> = {},
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    const token = getToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    // The last progress event may fall short of the total: the upload's end is certain here.
    request.upload.onload = () => onProgress(1);
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        // Not JSON (a proxy's error page): the caller falls back to its own message.
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new Error('The server could not be reached.'));
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(field, file);
    request.send(form);
  });
}

/** An object URL for a private file (fetched with the token); revoke it when done. */
export async function fetchPrivateFile(path: string): Promise<string> {
  const token = getToken();
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`Could not load the file (status ${response.status})`);
  return URL.createObjectURL(await response.blob());
}
