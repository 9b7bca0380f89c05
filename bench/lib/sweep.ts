import { pathFor } from '@visita/domain/contract/endpoint';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { measure } from './load.ts';
import { measureAtRate } from './open-loop.ts';
import type { GeneratedSector } from './sector-dataset.ts';

/** One sector size of the sweep: its flat-out capacity and its latencies at a modest rate. */
export interface SweepPoint {
  nurses: number;
  visits: number;
  /** Flat out (autocannon). */
  requestsPerSecond: number;
  flatP99Ms: number;
  /** Open loop at the sweep's rate: close to one request's own cost while the rate is below capacity. */
  p50Ms: number;
  p99Ms: number;
  /** Failed answers of both measures (non-2xx, transport errors, open-loop timeouts). */
  failures: number;
}

/**
 * How the cost of an uncached availability answer grows with the sector: each sector (one size
 * each) measured flat out, then open loop at `rate`, for `seconds` each after a 1 s warm-up.
 * The server must run with AVAILABILITY_CACHE_MS=0, or it measures its cache.
 */
export async function measureSweep(
  baseUrl: string,
  sectors: ReadonlyArray<{ sector: GeneratedSector; appointment: { id: string; token: string } }>,
  {
    seconds,
    rate,
    connections,
    items,
  }: { seconds: number; rate: number; connections: number; items: number[] },
): Promise<SweepPoint[]> {
  const points: SweepPoint[] = [];
  for (const { sector, appointment } of sectors) {
    const request = [
      {
        path: `${pathFor(ENDPOINTS.availability)}?appointment_id=${appointment.id}&country=cl&items=${items.join(',')}`,
        headers: { 'x-appointment-token': appointment.token },
      },
    ];
    const timing = { seconds, warmupSeconds: 1 };
    const flat = await measure(`sweep ${sector.nurses}`, baseUrl, request, { ...timing, connections });
    const open = await measureAtRate(`sweep ${sector.nurses} @ ${rate}`, baseUrl, request, {
      ...timing,
      rate,
    });
    points.push({
      nurses: sector.nurses,
      visits: sector.visits,
      requestsPerSecond: flat.requestsPerSecond,
      flatP99Ms: flat.p99Ms,
      p50Ms: open.p50Ms,
      p99Ms: open.p99Ms,
      failures: flat.non2xx + flat.errors + open.non2xx + open.errors,
    });
    console.info(
      `sweep: ${sector.nurses} nurses, ${sector.visits} visits: ${flat.requestsPerSecond} req/s flat out; at ${rate} req/s p50 ${open.p50Ms} ms, p99 ${open.p99Ms} ms`,
    );
  }
  return points;
}
