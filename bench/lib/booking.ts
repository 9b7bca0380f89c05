import { pathFor } from '@visita/domain/contract/endpoint';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { Agent, request } from 'node:http';

/**
 * The whole booking, as the widget makes it on /{clientId} for one patient with two lab exams,
 * timed from the load generator's side: create the appointment with its address, read the
 * month's availability, hold a free block, finalise with the patient, quote the cart and read the
 * payment summary, tokenise the sandbox card (APRO: approved) and pay. A booking counts when the payment answers
 * approved; its time runs from the first request to the payment's answer.
 */
export interface BookingResult {
  name: string;
  customers: number;
  bookings: number;
  bookingsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Holds refused because another customer took the block first (then another block is tried). */
  conflicts: number;
  /** Bookings that did not end approved (any other answer on the way, or a transport error). */
  failed: number;
  /** p50 and p99 of each call, in the order of the booking. */
  steps: Array<{ step: string; p50Ms: number; p99Ms: number }>;
  /**
   * Each booking paid in the measured seconds: its appointment and when its payment answered
   * approved (Date.now()), the moment the appointment was confirmed as far as the customer knows.
   */
  confirmations: Array<{ appointmentId: string; at: number }>;
  firstError?: string;
}

const STEPS = [
  'create',
  'availability',
  'schedule',
  'finalize',
  'cart-price',
  'payment-summary',
  'card-token',
  'pay',
] as const;
type Step = (typeof STEPS)[number];

/** An address in the sector the scheduling dataset fills (Las Condes: 200 nurses, 20,000 visits). */
const ADDRESS = {
  country: 'cl',
  region: 'Región Metropolitana de Santiago',
  comuna: 'Las Condes',
  address_line_1: 'Avenida Apoquindo 4500',
  target_address: 'Avenida Apoquindo 4500, Las Condes',
  target_street_number: '4500',
  target_residence_type: 'house',
  target_lat: -33.4129,
  target_lng: -70.5799,
  sales_source: 'marketplace',
  section_origin: 'sdk',
};
/** Demo catalogue (apps/api/src/db/seed/demo-catalogue-items.ts): hemograma and perfil lipídico, no stock limit. */
const ITEMS = [1, 2];
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** A valid Chilean RUT for a number, formatted as people type it (12.345.678-5). */
function rut(body: number): string {
  let sum = 0;
  let factor = 2;
  for (let rest = body; rest > 0; rest = Math.floor(rest / 10)) {
    sum += (rest % 10) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const check = 11 - (sum % 11);
  const digit = check === 11 ? '0' : check === 10 ? 'K' : String(check);
  return `${body.toLocaleString('de-DE')}-${digit}`;
}

class StepError extends Error {
  constructor(
    readonly step: Step,
    readonly status: number,
    body: string,
  ) {
    super(`${step}: ${status} ${body.slice(0, 200)}`);
  }
}

export async function measureBookings(
  name: string,
  baseUrl: string,
  {
    seconds,
    customers,
    clientIds,
    warmupSeconds = 2,
  }: { seconds: number; customers: number; clientIds: string[]; warmupSeconds?: number },
): Promise<BookingResult> {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: customers * 2 });
  let serial = 0;

  const call = (
    step: Step,
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    headers: Record<string, string>,
    times: Map<Step, number[]>,
  ) =>
    new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      const started = performance.now();
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const outgoing = request(
        {
          host: url.hostname,
          port: url.port,
          path,
          method,
          agent,
          headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            times.get(step)?.push(performance.now() - started);
            const text = Buffer.concat(chunks).toString('utf8');
            const status = response.statusCode ?? 0;
            try {
              resolve({ status, json: JSON.parse(text) });
            } catch {
              reject(new StepError(step, status, text));
            }
          });
        },
      );
      outgoing.on('error', (error) => reject(new StepError(step, 0, error.message)));
      outgoing.end(payload);
    });

  const expect = async (
    step: Step,
    answer: Promise<{ status: number; json: unknown }>,
    statuses: number[],
  ): Promise<unknown> => {
    const { status, json } = await answer;
    if (!statuses.includes(status)) throw new StepError(step, status, JSON.stringify(json));
    return json;
  };

  /**
   * One booking from the address to the approved payment; answers how many holds were refused and
   * records the confirmation.
   */
  const book = async (
    times: Map<Step, number[]>,
    confirmations: Array<{ appointmentId: string; at: number }>,
  ): Promise<number> => {
    serial += 1;
    const n = serial;
    const created = (await expect(
      'create',
      call(
        'create',
        'POST',
        pathFor(ENDPOINTS.createAppointment),
        { ...ADDRESS, client_id: clientIds[n % clientIds.length] },
        {},
        times,
      ),
      [201],
    )) as { id: string; token: string };
    const access = { 'x-appointment-token': created.token };
    const query = new URLSearchParams({
      appointment_id: created.id,
      country: 'cl',
    });
    for (const item of ITEMS) query.append('items', String(item));
    const { data: blocks } = (await expect(
      'availability',
      call('availability', 'GET', `${pathFor(ENDPOINTS.availability)}?${query}`, undefined, access, times),
      [200],
    )) as { data: Array<{ date: string; begin_time: string; end_time: string }> };

    // Customers spread over the month as people do; a block someone took meanwhile (the answer
    // may be up to the cache's age old) is a 409, and the customer picks another.
    let conflicts = 0;
    for (;;) {
      if (blocks.length === 0) throw new StepError('schedule', 0, 'no free block left');
      const index = Math.floor(Math.random() * blocks.length);
      const block = blocks[index] as (typeof blocks)[number];
      const { status, json } = await call(
        'schedule',
        'POST',
        pathFor(ENDPOINTS.holdBlock, { id: created.id }),
        {
          begin_date: `${block.date} ${block.begin_time}:00`,
          end_date: `${block.date} ${block.end_time}:00`,
          items: ITEMS,
        },
        access,
        times,
      );
      if (status === 200) break;
      if (status !== 409 || conflicts >= 5) throw new StepError('schedule', status, JSON.stringify(json));
      conflicts += 1;
      blocks.splice(index, 1);
    }

    await expect(
      'finalize',
      call(
        'finalize',
        'POST',
        pathFor(ENDPOINTS.finalizeAppointment, { id: created.id }),
        {
          patients: [
            {
              first_name: 'Paciente',
              second_name: null,
              last_name: 'Carga',
              second_last_name: 'Díaz',
              date_of_birth: '1985-06-15',
              gender: 'female',
              document_type: 'ci',
              document_number: rut(20_000_000 + n),
              email: `paciente.${n}@correo.cl`,
              phone: '912345678',
              items: ITEMS,
              packs: [],
            },
          ],
          access_token: null,
          sales_source: ADDRESS.sales_source,
        },
        access,
        times,
      ),
      [200],
    );
    // The amount the widget charges: its quote's net price minus what is paid at home (the payment
    // step reads payment_summary too, whose answer carries no amount today).
    const quote = (await expect(
      'cart-price',
      call(
        'cart-price',
        'POST',
        pathFor(ENDPOINTS.cartPrice),
        {
          country: 'cl',
          locality: ADDRESS.comuna,
          source: ADDRESS.sales_source,
          coupon_code: null,
          patients: [{ is_fonasa: false, items: ITEMS, packs: [] }],
        },
        {},
        times,
      ),
      [200],
    )) as { net_price: number; payment_at_home: number };
    await expect(
      'payment-summary',
      call(
        'payment-summary',
        'GET',
        pathFor(ENDPOINTS.paymentSummary, { id: created.id }),
        undefined,
        access,
        times,
      ),
      [200],
    );
    const card = (await expect(
      'card-token',
      call(
        'card-token',
        'POST',
        pathFor(ENDPOINTS.sandboxCardTokens),
        {
          card_number: '4111111111111111',
          cardholder_name: 'APRO',
          expiration_month: 12,
          expiration_year: NEXT_YEAR,
          security_code: '123',
        },
        {},
        times,
      ),
      [201],
    )) as { id: string; payment_method_id: string };
    const paid = (await expect(
      'pay',
      call(
        'pay',
        'POST',
        pathFor(ENDPOINTS.cardPayment, { id: created.id }),
        {
          token: card.id,
          payment_method_id: card.payment_method_id,
          amount: Math.round((quote.net_price - quote.payment_at_home) * 100) / 100,
        },
        { authorization: `Bearer ${created.token}` },
        times,
      ),
      [200],
    )) as { status: string };
    if (paid.status !== 'approved') throw new StepError('pay', 200, JSON.stringify(paid));
    confirmations.push({ appointmentId: created.id, at: Date.now() });
    return conflicts;
  };

  const run = async (duration: number) => {
    const times = new Map<Step, number[]>(STEPS.map((step) => [step, []]));
    const totals: number[] = [];
    const confirmations: Array<{ appointmentId: string; at: number }> = [];
    let conflicts = 0;
    let failed = 0;
    let firstError: string | undefined;
    const start = performance.now();
    const end = start + duration * 1000;
    // Closed loop: each customer starts the next booking when the last one ends.
    await Promise.all(
      Array.from({ length: customers }, async () => {
        while (performance.now() < end) {
          const started = performance.now();
          try {
            conflicts += await book(times, confirmations);
            totals.push(performance.now() - started);
          } catch (error) {
            failed += 1;
            firstError ??= (error as Error).message;
          }
        }
      }),
    );
    return {
      times,
      totals,
      confirmations,
      conflicts,
      failed,
      firstError,
      elapsed: (performance.now() - start) / 1000,
    };
  };

  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  };

  try {
    await run(warmupSeconds);
    const { times, totals, confirmations, conflicts, failed, firstError, elapsed } = await run(seconds);
    return {
      name,
      customers,
      bookings: totals.length,
      bookingsPerSecond: Math.round((totals.length / elapsed) * 10) / 10,
      p50Ms: quantile(totals, 0.5),
      p99Ms: quantile(totals, 0.99),
      conflicts,
      failed,
      steps: STEPS.map((step) => ({
        step,
        p50Ms: quantile(times.get(step) ?? [], 0.5),
        p99Ms: quantile(times.get(step) ?? [], 0.99),
      })),
      confirmations,
      ...(firstError ? { firstError } : {}),
    };
  } finally {
    agent.destroy();
  }
}
