import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Keeps the keyboard's place when a project card comes or goes: a card removed while the focus is
 * in it (accepted, completed, or changed live) calls `onFocusLost`, so the focus does not fall back
 * to the top of the page; a card shown with `focusTitle` takes the focus on its title.
 */
export function useCardFocus<T extends HTMLElement>({
  onFocusLost,
  focusTitle,
  titleId,
}: {
  onFocusLost?: () => void;
  focusTitle?: boolean;
  titleId: string;
}) {
  const ref = useRef<T>(null);
  const lost = useRef(onFocusLost);
  lost.current = onFocusLost;

  // a layout cleanup runs while the card is still in the document, so the focus can be checked
  useLayoutEffect(() => {
    const node = ref.current;
    return () => {
      if (node?.contains(document.activeElement)) {
        const callback = lost.current;
        requestAnimationFrame(() => callback?.());
      }
    };
  }, []);

  useEffect(() => {
    if (focusTitle) document.getElementById(titleId)?.focus();
  }, [focusTitle, titleId]);

  return ref;
}
