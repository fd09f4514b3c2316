/**
 * Whether the person declined the one-time offer to import the servers other apps keep on this
 * machine. Kept in the config folder, beside the servers it is about, rather than in the
 * renderer's storage: the desktop app and browser mode (whose origin changes with its port)
 * share the folder, and a fresh folder is a fresh start that deserves the offer again.
 */
import path from 'node:path';
import { openPrivateJsonFile } from './privateJsonFile';

export const IMPORT_OFFER_FILE_NAME = 'import-offer.json';

export interface ImportOfferState {
  dismissed(): boolean;
  dismiss(): void;
}

export function openImportOfferState(configDir: string): ImportOfferState {
  const file = openPrivateJsonFile(path.join(configDir, IMPORT_OFFER_FILE_NAME));
  const read = (): boolean => {
    try {
      const content = file.read();
      return typeof content === 'object' && content !== null && 'dismissedAt' in content;
    } catch {
      // A damaged state file only means the offer shows once more; dismissing rewrites it.
      return false;
    }
  };
  return {
    dismissed: read,
    dismiss: () => file.locked(() => void (read() || file.write({ dismissedAt: new Date().toISOString() }))),
  };
}
