/** Mount point for one server's tools, prompts, resources and logs (nav.detail); being built in its own branch. */
export function ServerDetailDrawer() {
  return null;
}
