import { type RefObject, useLayoutEffect } from 'react';

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

/** Marks the busy regions that hold the focus while a step loads (ui/loader.tsx). */
export const FOCUS_HOLDER_ATTRIBUTE = 'data-visita-focus-holder';

/** How many busy regions are on the page now. */
let holders = 0;
/**
 * Where the person moved the focus while a step was loading (Tab, a click, a test's press). The
 * step's title, when it shows, leaves the focus there: taking it back would turn the Enter they
 * are about to press on 'Volver' into an Enter on a heading.
 */
let movedWhileLoading: Element | null = null;
let watching = false;

function watchFocusMoves(): void {
  if (watching) return;
  watching = true;
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      if (target.closest(`[${FOCUS_HOLDER_ATTRIBUTE}]`)) return;
      // A move while nothing loads is the person's ordinary way through a step.
      movedWhileLoading = holders > 0 ? target : null;
    },
    true,
  );
}

/** Whether the focus sits where the person put it while the step loaded. */
function keptByPerson(): boolean {
  const active = document.activeElement;
  return active !== null && active === movedWhileLoading && active.isConnected;
}

/** Focus `ref` when it becomes ready (a step's title on entry, so screen readers start there). */
export function useEntryFocus(ref: RefObject<HTMLElement | null>, ready = true): void {
  // In the same commit as the step's first paint: the focus is never left on the page between
  // the busy region leaving and the title coming.
  useLayoutEffect(() => {
    if (!ready || !mayMoveFocus()) return;
    const kept = keptByPerson();
    // This entry has answered the person's move: a later step change moves the focus again.
    movedWhileLoading = null;
    if (!kept) ref.current?.focus();
  }, [ready, ref]);
}

/**
 * Holds the focus on `ref`, a busy region, while a step loads: the step that was pressed on is
 * gone, and the focus must not fall to the page (a screen reader would start over from the top).
 * The step's title takes it over when it shows (useEntryFocus).
 */
export function useHoldFocus(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    watchFocusMoves();
    holders += 1;
    if (mayMoveFocus() && !keptByPerson()) ref.current?.focus();
    return () => {
      holders -= 1;
    };
  }, [ref]);
}
