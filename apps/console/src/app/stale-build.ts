/**
 * After a deploy, a console opened before it asks for section files the server no longer has
 * (their names carry the old build's hash). Reloading fetches the new build; once per minute at
 * most, so a server that really fails to serve a file shows the error page instead of looping.
 * It reloads from the route's error page (route-error-page.tsx), once the failed navigation has
 * put its address in the bar: Vite's 'vite:preloadError' comes before, and would reload the page
 * the person was leaving.
 */
const RELOADED_AT = 'visita-console-reloaded-at';

const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isStaleBuildError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/** Reloads the page unless it was reloaded for this within the last minute; whether it did. */
export function reloadForNewBuild(now = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (now - last < 60_000) return false;
  sessionStorage.setItem(RELOADED_AT, String(now));
  window.location.reload();
  return true;
}
