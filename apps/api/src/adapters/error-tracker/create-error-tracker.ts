import type { ErrorTracker, TrackedError } from './error-tracker.ts';

/** How long a report may wait for the tracker before it is given up (it is in the log anyway). */
const TIMEOUT_MS = 3_000;

/** No tracker: reports are only logged (by the route). */
const logOnlyTracker: ErrorTracker = { kind: 'log-only', send: async () => false };

/** Posts each report as JSON to `url` (ERROR_TRACKER_URL); true when the tracker took it (2xx). */
function createHttpErrorTracker(url: string, fetchImpl: typeof fetch = fetch): ErrorTracker {
  return {
    kind: 'http',
    async send(report: TrackedError) {
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ source: 'visita-widget', ...report }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await response.body?.cancel();
        return response.ok;
      } catch {
        return false;
      }
    },
  };
}

export function createErrorTracker(url: string | undefined): ErrorTracker {
  return url ? createHttpErrorTracker(url) : logOnlyTracker;
}
