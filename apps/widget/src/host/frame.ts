/** True when the widget runs inside a partner's iframe (host messages are accepted only then). */
export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent throws on access: that is a frame too.
    return true;
  }
}

/** Tells the host page the person closed the widget (spec part 1 §4: 'close', with an error slug). */
export function postClose(error?: string): void {
  if (!isFramed()) return;
  window.parent.postMessage({ type: 'close', ...(error ? { error } : {}) }, '*');
}
