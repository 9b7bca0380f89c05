import type { KeyboardEvent } from 'react';

const NEXT = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * Arrow keys inside a group of buttons (the week's days, a day's times), as the date pickers of
 * the WAI-ARIA practices: the group is one Tab stop (the caller gives tabIndex 0 to one button,
 * -1 to the rest), the arrows and Home/End move the focus among the enabled buttons, and Enter or
 * Space presses the focused one.
 */
export function onRovingKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0 || buttons.length === 0) return;
  let to: number | null = null;
  if (NEXT.has(event.key)) to = Math.min(at + 1, buttons.length - 1);
  else if (PREVIOUS.has(event.key)) to = Math.max(at - 1, 0);
  else if (event.key === 'Home') to = 0;
  else if (event.key === 'End') to = buttons.length - 1;
  if (to === null) return;
  event.preventDefault();
  buttons[to]?.focus();
}
