/** A failure report as it leaves Visita: personal data already masked. */
export interface TrackedError {
  origin: string;
  message: string;
  status: number | null;
  err: string | null;
  clientId: string | null;
  salesSource: string | null;
  context: Record<string, string | number | boolean | null>;
  receivedAt: string;
}

/** Where failure reports go beyond the log (an error tracker's intake). */
export interface ErrorTracker {
  kind: 'log-only' | 'http';
  /** Never throws: a tracker that is down must not turn a report into a failure of its own. */
  send(report: TrackedError): Promise<boolean>;
}
