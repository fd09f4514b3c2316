/** Mount point for the presets gallery (section presets); being built in its own branch. */
export function PresetGallery() {
  return null;
}
