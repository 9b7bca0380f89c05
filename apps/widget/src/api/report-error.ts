import { pathFor } from '@visita/domain/contract/endpoint';
import * as endpoints from '@visita/domain/contract/endpoints';
import type { ErrorReportBody, ErrorReportOrigin } from '@visita/domain/contract/error-reports';
import { HttpError } from './http.ts';

/**
 * Tells the API that a call failed (exam search, geocoding, the sector look-up, availability, a
 * block's hold or move), with its origin tag, and goes on: never awaited, never thrown. It sends the API path and the status only, never
 * the query (it holds what the person typed: an address, a search).
 */
export function reportFailure(origin: ErrorReportOrigin, path: string, error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  const status = error instanceof HttpError ? error.status : 0;
  const body: ErrorReportBody = {
    origin,
    message: status ? `${path} respondió ${status}` : `${path} no respondió`,
    status,
    err: error instanceof HttpError ? (error.slug ?? null) : null,
    context: { path },
  };
  try {
    void fetch(new URL(pathFor(endpoints.errorReports), window.location.origin), {
      method: endpoints.errorReports.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      // The report outlives the page when the person closes it right after the failure.
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Reporting must never break what the person is doing.
  }
}

/**
 * Reports a failure unless it is a refusal the API named (a 4xx answer with its `err` slug: a card
 * declined, an address out of coverage), which people meet in normal use; an answer without one,
 * a 5xx or no answer at all is reported. Then throws it on, for the caller to show.
 */
export function reportUnlessRefused(origin: ErrorReportOrigin, path: string, error: unknown): never {
  const refused = error instanceof HttpError && error.status < 500 && error.slug !== undefined;
  if (!refused) reportFailure(origin, path, error);
  throw error;
}
