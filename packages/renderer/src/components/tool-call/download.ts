/**
 * Saves bytes as a file through a short-lived blob: URL (allowed by the CSP's img/media rules and
 * by the browser's download handling alike). The URL is revoked after the click has been handled,
 * so a result saved many times does not keep its copies alive.
 */
export function saveFile(data: BlobPart, mimeType: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([data], { type: mimeType || 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
