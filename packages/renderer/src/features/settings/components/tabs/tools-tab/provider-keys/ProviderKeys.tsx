/** Mount point for the LLM provider keys (section keys); being built in its own branch. */
export function ProviderKeys() {
  return null;
}
