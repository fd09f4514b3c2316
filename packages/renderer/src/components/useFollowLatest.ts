/**
 * "Follow the newest line" for a scrolling log (the chat's conversation, a server's log): while
 * the person is at the end, new content keeps the view at the end; scrolling up to read stops
 * that, and scrolling back down (or `follow`, behind a "Jump to latest" button) resumes it.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** How close to the end (px) still counts as "reading the latest". */
const END_SLACK_PX = 32;

/**
 * `content` is whatever changes when lines arrive (a new array each time); the view follows it.
 * `following` is false only while the person has scrolled away from the end of a log that can
 * scroll at all, so a "Jump to latest" button never shows on an empty or short log.
 */
export function useFollowLatest<E extends HTMLElement = HTMLDivElement>(content: unknown) {
  const ref = useRef<E>(null);
  // The ref answers the layout effect at once; the state re-renders the button.
  const followingRef = useRef(true);
  const [following, setFollowing] = useState(true);

  const toEnd = useCallback(() => {
    const element = ref.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  useLayoutEffect(() => {
    if (followingRef.current) toEnd();
  }, [content, toEnd]);

  const onScroll = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= END_SLACK_PX;
    followingRef.current = atEnd;
    setFollowing(atEnd);
  }, []);

  const follow = useCallback(() => {
    followingRef.current = true;
    setFollowing(true);
    toEnd();
  }, [toEnd]);

  return { ref, onScroll, following, follow };
}
