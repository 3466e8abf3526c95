import { DOWNLOAD_URL_REVOKE_DELAY_MS } from '@tessera/domain';

/**
 * Saves `text` as a file through a Blob and a temporary link. The object URL is revoked after
 * 40 s rather than at once, as some browsers start the download asynchronously.
 */
export function downloadTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_REVOKE_DELAY_MS);
}
