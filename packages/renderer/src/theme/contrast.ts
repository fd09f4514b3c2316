/**
 * WCAG 2 contrast between two CSS colours as antd's tokens write them (#rgb, #rrggbb, #rrggbbaa,
 * rgb() / rgba()). A translucent foreground is laid over the background first, as the screen
 * shows it; the background must be opaque.
 */
type Rgba = [r: number, g: number, b: number, a: number];

function parse(color: string): Rgba {
  const hex = /^#([0-9a-f]{3,8})$/i.exec(color.trim())?.[1];
  if (hex && [3, 6, 8].includes(hex.length)) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    const byte = (i: number) => parseInt(full.slice(i, i + 2), 16);
    return [byte(0), byte(2), byte(4), full.length === 8 ? byte(6) / 255 : 1];
  }
  const fn = /^rgba?\(([^)]+)\)$/i.exec(color.trim())?.[1];
  const parts = fn?.split(/[\s,/]+/).filter(Boolean).map(Number);
  if (parts && (parts.length === 3 || parts.length === 4) && parts.every(Number.isFinite)) {
    const [r, g, b, a = 1] = parts as [number, number, number, number?];
    return [r, g, b, a];
  }
  throw new Error(`Not a colour this check reads: ${color}`);
}

function luminance([r, g, b]: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** `foreground` over `background`, as one opaque colour. */
function over(foreground: Rgba, background: Rgba): Rgba {
  const a = foreground[3];
  const mix = (i: 0 | 1 | 2) => foreground[i] * a + background[i] * (1 - a);
  return [mix(0), mix(1), mix(2), 1];
}

/** The contrast ratio (1 to 21) of `foreground` drawn on `background`. */
export function contrastRatio(foreground: string, background: string): number {
  const bg = parse(background);
  if (bg[3] !== 1) throw new Error(`The background must be opaque: ${background}`);
  const fg = luminance(over(parse(foreground), bg));
  const back = luminance(bg);
  return (Math.max(fg, back) + 0.05) / (Math.min(fg, back) + 0.05);
}

/** WCAG AA for body text (under 18.66 px bold / 24 px regular). */
export const AA_TEXT = 4.5;
/** WCAG AA for what is not text: a focus ring, a control's border, an icon that means something. */
export const AA_NON_TEXT = 3;
