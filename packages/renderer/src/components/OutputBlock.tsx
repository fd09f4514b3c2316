import type { ReactNode } from 'react';

/**
 * A server's own output (stderr lines, a log tail) as a scrollable, wrapping monospace box that
 * the keyboard can reach and scroll when it is labelled. One look wherever output is shown.
 */
export function OutputBlock({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  return (
    <pre
      {...(label ? { tabIndex: 0, 'aria-label': label } : {})}
      className={['output-block', label ? 'elftia-scroll-region' : '', className ?? ''].filter(Boolean).join(' ')}
    >
      {children}
    </pre>
  );
}
