/**
 * Watches the page for a listbox without an option (a broken role: assistive technology finds a
 * list with nothing to choose). Returns a function that stops watching and gives each such
 * listbox's text, as seen at each change of the page.
 */
export function watchEmptyListboxes(): () => string[] {
  const seen: string[] = [];
  const check = () => {
    for (const list of document.querySelectorAll('[role="listbox"]'))
      if (list.querySelectorAll('[role="option"]').length === 0) seen.push(list.textContent ?? '');
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  return () => {
    check();
    observer.disconnect();
    return seen;
  };
}
