import { Markdown, type MarkdownToJSX } from 'markdown-to-jsx/react';
import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * Tool output is untrusted text. markdown-to-jsx builds React elements (never innerHTML) and,
 * with raw HTML parsing off, shows any `<script>`, `<img onerror>` or `<iframe>` as the literal
 * text it is. Links are kept only for http(s) and mailto, and open outside the app; anything
 * else (`javascript:`, `data:`, `file:`) is shown as plain text. Images are not fetched: a tool's
 * markdown must not make the app call an address on its own (and the CSP would block it anyway).
 */
const SAFE_LINK = /^(https?:|mailto:)/i;

export const safeHref = (href: unknown): string | undefined =>
  typeof href === 'string' && SAFE_LINK.test(href.trim()) ? href.trim() : undefined;

function SafeLink({ href, children, title }: { href?: string | undefined; children?: ReactNode; title?: string | undefined }) {
  const safe = safeHref(href);
  if (!safe) return <span data-testid="neutralised-link">{children}</span>;
  return (
    <a href={safe} title={title ?? safe} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** An image in markdown stays a link to its address: shown, never loaded. */
function ImageAsLink({ src, alt }: { src?: string; alt?: string }) {
  const label = `[${alt || src || ''}]`;
  return <SafeLink href={src}>{label}</SafeLink>;
}

/** A tool's "# Title" is a heading inside a result, not a page title: levels start small. */
const heading = (level: 4 | 5) =>
  function Heading({ children }: { children?: ReactNode }) {
    return (
      <Typography.Title level={level} className="markdown-heading">
        {children}
      </Typography.Title>
    );
  };

const OPTIONS: MarkdownToJSX.Options = {
  disableParsingRawHTML: true,
  // A URL that fails the check reaches the overrides as undefined and renders as text.
  sanitizer: (value) => (SAFE_LINK.test(value.trim()) ? value : null),
  overrides: { a: SafeLink, img: ImageAsLink, h1: heading(4), h2: heading(5), h3: heading(5), h4: heading(5), h5: heading(5), h6: heading(5) },
  forceWrapper: true,
};

export function SafeMarkdown({ text }: { text: string }) {
  return (
    <Typography data-testid="markdown" className="tool-call-markdown">
      <Markdown options={OPTIONS}>{text}</Markdown>
    </Typography>
  );
}
