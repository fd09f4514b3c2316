import { theme, type ThemeConfig } from 'antd';
import type { AliasToken } from 'antd/es/theme/interface';
import { AA_TEXT, contrastRatio } from './contrast';
import type { EffectiveTheme } from './useThemePreference';

/**
 * antd's default tokens draw several texts under WCAG AA (4.5:1): the primary blue on white
 * (4.1) and on the page grey (3.76), white on the primary button (4.1), secondary text (3.36),
 * placeholders (1.83), success and warning words on their tints, dark-mode links (3.55). These
 * seeds move the colours just far enough, keeping antd's hues; appTheme.test.ts checks every pair
 * a screen draws, and the accessibility journey has axe check the screens themselves.
 */
const SEEDS: Record<EffectiveTheme, Partial<AliasToken>> = {
  light: {
    // antd's blue-7 and red-7: AA as text on white and on the page grey, and under white text.
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    colorError: '#cf1322',
    // antd lightens a hovered button (white on #2e7ae6 is 4.16); these stay AA under white.
    colorPrimaryHover: '#1668dc',
    colorErrorHover: '#d9363e',
    colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
    colorTextDescription: 'rgba(0, 0, 0, 0.58)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
  dark: {
    // On a dark surface no blue or red is both readable as text and readable under white text,
    // so the colours are light enough for text and solid buttons carry dark words (see Button).
    colorPrimary: '#5aa0ff',
    colorInfo: '#5aa0ff',
    colorError: '#ff7875',
    colorTextTertiary: 'rgba(255, 255, 255, 0.55)',
    colorTextDescription: 'rgba(255, 255, 255, 0.55)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
  },
};

/** Words on a solid primary or danger button in dark mode: light mode's body text colour. */
const DARK_SOLID_TEXT = 'rgba(0, 0, 0, 0.88)';

/** antd's preset colours, each a palette of ten steps (step 1 the tint, 6 the colour itself). */
export const PRESET_PALETTES = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'gold', 'lime'] as const;
type Palette = (typeof PRESET_PALETTES)[number];

/** The status colours are the presets' hues; their words are taken from the same palettes. */
export const STATUS_PALETTES = { Success: 'green', Warning: 'gold', Error: 'red', Info: 'blue' } as const;

type Tokens = ReturnType<typeof theme.getDesignToken>;
const step = (tokens: Tokens, palette: Palette, n: number): string => (tokens as unknown as Record<string, string>)[`${palette}${n}`] ?? '';

/**
 * The first step of `palette` from 7 on (further from the tint in either theme: darker in light,
 * lighter in dark) whose words are AA on every one of `backgrounds`.
 */
function readableStep(tokens: Tokens, palette: Palette, backgrounds: string[]): string {
  for (let n = 7; n < 10; n++) {
    const color = step(tokens, palette, n);
    if (backgrounds.every((bg) => contrastRatio(color, bg) >= AA_TEXT)) return color;
  }
  return step(tokens, palette, 10);
}

function buildTheme(effective: EffectiveTheme, reducedMotion: boolean): ThemeConfig {
  const algorithm = effective === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm;
  const seeds = SEEDS[effective];
  const base = theme.getDesignToken({ algorithm, token: seeds });
  const surfaces = [base.colorBgContainer, base.colorBgElevated, base.colorBgLayout];

  // Words in a status colour (Typography type="success", a status tag, a log line) on any surface and on the status tint.
  const statusText = Object.fromEntries(
    Object.entries(STATUS_PALETTES).map(([status, palette]) => [
      `color${status}Text`,
      readableStep(base, palette, [...surfaces, base[`color${status as keyof typeof STATUS_PALETTES}Bg`]]),
    ]),
  ) as Record<`color${keyof typeof STATUS_PALETTES}Text`, string>;
  // A preset-colour tag writes its words in step 7 on step 1.
  const tagWords = Object.fromEntries(PRESET_PALETTES.map((palette) => [`${palette}7`, readableStep(base, palette, [step(base, palette, 1)])]));

  return {
    algorithm,
    // antd's component styles come prebuilt (styles.css imports antd/dist/antd.css) instead of
    // being generated in the page as each kind of component first renders and re-keyed on every
    // render: the first screen is interactive in 1.00 s against 1.17 s (bench/firstScreen), and
    // the e2e journeys take 7% less CPU. Those styles read antd's CSS variables, which antd still
    // writes at run time from the tokens below (global and each component's), so both themes,
    // the Tag and Button tokens and reduced motion reach them (shell.spec.ts checks a button).
    zeroRuntime: true,
    // No motion when the OS asks for less: antd then opens dialogs, drawers and menus without
    // zooming or sliding them, and its durations (which styles.css's transitions use too) are 0s.
    token: { ...seeds, ...statusText, motion: !reducedMotion },
    components: {
      Tag: {
        ...tagWords,
        // A status tag writes its words in the status colour itself.
        colorSuccess: statusText.colorSuccessText,
        colorWarning: statusText.colorWarningText,
        colorError: statusText.colorErrorText,
        colorInfo: statusText.colorInfoText,
      },
      ...(effective === 'dark' && { Button: { primaryColor: DARK_SOLID_TEXT, dangerColor: DARK_SOLID_TEXT } }),
    },
  };
}

const built = new Map<string, ThemeConfig>();

/** The app's antd theme for `effective`, with motion or without, built once for each (it derives every token). */
export function appTheme(effective: EffectiveTheme, { reducedMotion = false } = {}): ThemeConfig {
  const key = `${effective} ${reducedMotion}`;
  let config = built.get(key);
  if (!config) built.set(key, (config = buildTheme(effective, reducedMotion)));
  return config;
}
