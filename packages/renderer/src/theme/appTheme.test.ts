import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { AA_NON_TEXT, AA_TEXT, contrastRatio } from './contrast';
import { appTheme, PRESET_PALETTES, STATUS_PALETTES } from './appTheme';

/**
 * Every pair of colours the screens draw as words or rings, in both themes: the pairs axe found
 * under AA with antd's defaults, and the rest of their kind. The accessibility journey
 * (e2e/specs/accessibility.spec.ts) checks the screens themselves; this says which token is wrong.
 */
describe.each(['light', 'dark'] as const)('the %s theme', (effective) => {
  const config = appTheme(effective);
  const token = theme.getDesignToken(config) as unknown as Record<string, string>;
  const tag = (config.components?.Tag ?? {}) as Record<string, string>;
  const button = (config.components?.Button ?? {}) as Record<string, string>;
  const surfaces = ['colorBgContainer', 'colorBgElevated', 'colorBgLayout'] as const;

  /** Every pair under `minimum`, as "fg on bg: ratio", so a failure names them all. */
  const under = (minimum: number, pairs: [fg: string, bg: string, label: string][]) =>
    pairs.filter(([fg, bg]) => contrastRatio(fg, bg) < minimum).map(([fg, bg, label]) => `${label} (${fg} on ${bg}): ${contrastRatio(fg, bg).toFixed(2)}`);

  it('draws text, links, placeholders and status words at 4.5:1 or more on every surface', () => {
    const words = ['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder', 'colorPrimary', 'colorLink', 'colorError']
      .concat(Object.keys(STATUS_PALETTES).map((status) => `color${status}Text`));
    expect(under(AA_TEXT, words.flatMap((fg) => surfaces.map((bg): [string, string, string] => [token[fg]!, token[bg]!, `${fg} on ${bg}`])))).toEqual([]);
  });

  it('draws status words and tags at 4.5:1 or more on their tints', () => {
    const status = Object.keys(STATUS_PALETTES).flatMap((s): [string, string, string][] => [
      [token[`color${s}Text`]!, token[`color${s}Bg`]!, `color${s}Text on its tint`],
      [tag[`color${s}`]!, token[`color${s}Bg`]!, `a ${s} tag`],
    ]);
    const presets = PRESET_PALETTES.map((p): [string, string, string] => [tag[`${p}7`]!, token[`${p}1`]!, `a ${p} tag`]);
    expect(under(AA_TEXT, [...status, ...presets])).toEqual([]);
  });

  it('draws the words of solid primary and danger buttons at 4.5:1 or more', () => {
    expect(
      under(AA_TEXT, [
        [button.primaryColor ?? token.colorTextLightSolid!, token.colorPrimary!, 'a primary button'],
        [button.dangerColor ?? token.colorTextLightSolid!, token.colorError!, 'a primary danger button'],
        [button.primaryColor ?? token.colorTextLightSolid!, token.colorPrimaryHover!, 'a hovered primary button'],
        [button.dangerColor ?? token.colorTextLightSolid!, token.colorErrorHover!, 'a hovered danger button'],
      ]),
    ).toEqual([]);
  });

  it('draws focus rings (styles.css: every ring in the primary colour) at 3:1 or more on every surface and status tint, the red error box among them', () => {
    const backgrounds = [...surfaces, ...Object.keys(STATUS_PALETTES).map((s) => `color${s}Bg`)];
    expect(under(AA_NON_TEXT, backgrounds.map((bg): [string, string, string] => [token.colorPrimary!, token[bg]!, `the ring on ${bg}`]))).toEqual([]);
  });
});

describe('contrastRatio', () => {
  it('reads hex and rgba and lays a translucent colour over its background', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    // antd's default secondary text: 45% black on white is #8c8c8c.
    expect(contrastRatio('rgba(0,0,0,0.45)', '#ffffff')).toBeCloseTo(contrastRatio('#8c8c8c', '#ffffff'), 1);
    expect(() => contrastRatio('#000', 'rgba(0,0,0,0.5)')).toThrow(/opaque/);
    expect(() => contrastRatio('blue', '#fff')).toThrow(/Not a colour/);
  });
});

describe('motion', () => {
  it('animates by default and not when the OS asks for less motion, in both themes', () => {
    for (const effective of ['light', 'dark'] as const) {
      const moving = theme.getDesignToken(appTheme(effective));
      const still = theme.getDesignToken(appTheme(effective, { reducedMotion: true }));
      expect([moving.motion, moving.motionDurationMid]).toEqual([true, '0.2s']);
      expect([still.motion, still.motionDurationFast, still.motionDurationMid, still.motionDurationSlow]).toEqual([false, '0s', '0s', '0s']);
      // Only motion differs: the colours are the same.
      expect(still.colorPrimary).toBe(moving.colorPrimary);
    }
  });
});
