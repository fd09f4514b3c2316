/**
 * The chat's height: exactly what the window has left below whatever sits above it (the header,
 * notices, the navigation) and above whatever follows it, so the page itself does not scroll,
 * the message field is always on screen and the conversation is the one scroll area. Notices
 * come and go and other parts change their height, so this is measured, not a fixed calc().
 */
import { useLayoutEffect, useRef, useState } from 'react';

/** Below this the chat is too cramped to use: the page scrolls instead. */
const MIN_HEIGHT_PX = 360;

export function useFillViewport<E extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<E>(null);
  const [height, setHeight] = useState<number | undefined>();

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const own = element.getBoundingClientRect().height;
      // Hidden (another section is shown): nothing to fit until it shows again.
      if (own === 0) return;
      // The page is as tall as the window when the chat grows or shrinks by the difference.
      const slack = document.documentElement.clientHeight - document.body.getBoundingClientRect().height;
      const next = Math.max(MIN_HEIGHT_PX, Math.floor(own + slack));
      setHeight((current) => (current === next ? current : next));
    };
    measure();
    // The body changes height when a notice appears or goes, or the chat is shown again.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  return { ref, height };
}
