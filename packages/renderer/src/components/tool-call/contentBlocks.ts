/**
 * MCP content blocks arrive loosely typed (the contract passes them through as sent). This reads
 * each one into a shape the display can trust, so a block missing a field it needs is shown as
 * JSON rather than crashing the display or rendering half of it.
 */

export interface ResourceLinkBlock {
  kind: 'resource_link';
  uri: string;
  name?: string | undefined;
  title?: string | undefined;
  mimeType?: string | undefined;
  description?: string | undefined;
}

export interface EmbeddedResourceBlock {
  kind: 'resource';
  uri: string;
  mimeType?: string | undefined;
  /** Exactly one of text and blob (base64) is set. */
  text?: string | undefined;
  blob?: string | undefined;
}

export type ContentBlock =
  | { kind: 'text'; text: string }
  | { kind: 'image'; data: string; mimeType: string }
  | { kind: 'audio'; data: string; mimeType: string }
  | ResourceLinkBlock
  | EmbeddedResourceBlock
  | { kind: 'unknown'; type: string; raw: unknown };

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function readBlock(raw: unknown): ContentBlock {
  if (!isObject(raw)) return { kind: 'unknown', type: typeof raw, raw };
  const unknown = { kind: 'unknown', type: typeof raw.type === 'string' ? raw.type : '?', raw } as const;
  switch (raw.type) {
    case 'text':
      return typeof raw.text === 'string' ? { kind: 'text', text: raw.text } : unknown;
    case 'image':
    case 'audio': {
      const data = str(raw.data);
      const mimeType = str(raw.mimeType);
      return data !== undefined && mimeType ? { kind: raw.type, data, mimeType } : unknown;
    }
    case 'resource_link': {
      const uri = str(raw.uri);
      if (!uri) return unknown;
      return { kind: 'resource_link', uri, name: str(raw.name), title: str(raw.title), mimeType: str(raw.mimeType), description: str(raw.description) };
    }
    case 'resource': {
      const resource = raw.resource;
      if (!isObject(resource) || !str(resource.uri)) return unknown;
      const text = str(resource.text);
      const blob = str(resource.blob);
      if (text === undefined && blob === undefined) return unknown;
      return { kind: 'resource', uri: resource.uri as string, mimeType: str(resource.mimeType), ...(text !== undefined ? { text } : { blob }) };
    }
    default:
      return unknown;
  }
}

/** Decoded size of a base64 string, without decoding it (a multi-megabyte string stays untouched). */
export function base64Size(data: string): number {
  const clean = data.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/** Throws on text that is not base64 (atob's own check); the caller says so in words. */
export function base64Bytes(data: string): Uint8Array<ArrayBuffer> {
  const binary = atob(data.replace(/\s/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Only a well-formed media type of the expected family goes into a data: URL: anything else
 * (`text/html`, a type with parameters smuggling a second URL part) is offered as a download.
 */
export const isMediaType = (mimeType: string, family: 'image' | 'audio') => new RegExp(`^${family}/[\\w.+-]+$`, 'i').test(mimeType);

export const dataUrl = (mimeType: string, data: string) => `data:${mimeType};base64,${data.replace(/\s/g, '')}`;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/flac': 'flac',
  'audio/aac': 'aac',
  'application/json': 'json',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/csv': 'csv',
  'text/html': 'html',
};

export function extensionFor(mimeType: string | undefined): string {
  const base = (mimeType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return EXTENSIONS[base] ?? (base.startsWith('text/') ? 'txt' : 'bin');
}

/** A file name safe on every OS: the resource's own last path segment when it has one. */
export function fileNameFor(stem: string, mimeType: string | undefined, uri?: string): string {
  const path = uri?.split(/[?#]/)[0] ?? '';
  // "x://" has no name of its own: a segment ending in ":" is the scheme.
  const last = decodeSegment(path.split('/').filter((segment) => segment && !segment.endsWith(':')).pop() ?? '');
  const clean = (name: string) =>
    Array.from(name, (c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
      .join('')
      .replace(/^\.+/, '') // no hidden files, no "..": the name is never a path
      .slice(0, 120);
  if (last && /\.[A-Za-z0-9]{1,8}$/.test(last)) return clean(last);
  return `${clean(last || stem) || 'result'}.${extensionFor(mimeType)}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
