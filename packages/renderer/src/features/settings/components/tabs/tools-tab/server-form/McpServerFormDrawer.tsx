/** Mount point for the add / edit / duplicate form (nav.form); being built in its own branch. */
export function McpServerFormDrawer() {
  return null;
}
