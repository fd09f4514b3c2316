/**
 * The one mapping from a ToolResult's MCP content to message parts. Every provider codec starts
 * here and only renames the two part kinds into its own shapes.
 *
 * Images become image parts when the provider accepts their type; everything else (audio,
 * resources, images of a type the provider rejects) becomes text through flattenBlock, so the
 * model still learns something was there. Adjacent texts are joined with `\n` (as flattenContent
 * does) and empty texts dropped (Anthropic rejects empty text blocks).
 */
import { flattenBlock } from '../tools/flattenContent';
import type { McpContentBlock, ToolResult } from '../tools/ITool';

export type ToolPart = { type: 'text'; text: string } | { type: 'image'; mimeType: string; data: string };

/** What OpenAI, Anthropic and Gemini all take as images. */
export const COMMON_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp']);
/** Anthropic and OpenAI also take GIF. */
export const GIF_IMAGE_TYPES: ReadonlySet<string> = new Set([...COMMON_IMAGE_TYPES, 'image/gif']);

export function toolParts(result: ToolResult, imageTypes: ReadonlySet<string>): ToolPart[] {
  const parts: ToolPart[] = [];
  for (const block of result.content) {
    const image = asImage(block, imageTypes);
    if (image) {
      parts.push(image);
      continue;
    }
    const text = flattenBlock(block);
    const last = parts.at(-1);
    if (text === '') continue;
    if (last?.type === 'text') last.text = `${last.text}\n${text}`;
    else parts.push({ type: 'text', text });
  }
  return parts;
}

export function imagesOf(parts: readonly ToolPart[]): Extract<ToolPart, { type: 'image' }>[] {
  return parts.filter((part): part is Extract<ToolPart, { type: 'image' }> => part.type === 'image');
}

export const dataUrl = (image: { mimeType: string; data: string }): string => `data:${image.mimeType};base64,${image.data}`;

function asImage(block: McpContentBlock, imageTypes: ReadonlySet<string>): ToolPart | undefined {
  const { mimeType, data } = block;
  if (block.type !== 'image' || typeof mimeType !== 'string' || typeof data !== 'string') return undefined;
  return imageTypes.has(mimeType) ? { type: 'image', mimeType, data } : undefined;
}
