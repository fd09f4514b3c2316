/** Mount point for import and export (nav.importOpen); being built in its own branch. */
export function ImportDialog() {
  return null;
}
