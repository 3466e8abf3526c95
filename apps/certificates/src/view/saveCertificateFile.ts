import type { CertificateFile } from '@tessera/api';

/** Saves a downloaded certificate file (its bytes arrive base64) through a `data:` link, so no bytes are re-encoded here. */
export function saveCertificateFile(file: CertificateFile): void {
  const link = document.createElement('a');
  link.href = `data:${file.contentType};base64,${file.data}`;
  link.download = file.fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
