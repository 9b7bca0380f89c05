import { type RefObject, useEffect } from 'react';

/**
 * Whether the widget may move focus now. On its own page it always may. Inside a partner's frame
 * it may only while its document already holds focus: an inline widget that loads beside the
 * partner's content must not pull a person (or a screen reader) away from where they are on the
 * host page. Once they act inside the widget, its document has focus and steps move it as usual;
 * the embed's modal focuses its frame when it opens, so a modal starts at its title too.
 */
function mayMoveFocus(): boolean {
  if (typeof window === 'undefined') return false;
  return window.self === window.top || document.hasFocus();
}

/** Focus `ref` when it becomes ready (a step's title on entry, so screen readers start there). */
export function useEntryFocus(ref: RefObject<HTMLElement | null>, ready = true): void {
  useEffect(() => {
    if (ready && mayMoveFocus()) ref.current?.focus();
  }, [ready, ref]);
}
