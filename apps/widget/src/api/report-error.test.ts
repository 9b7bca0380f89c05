import { afterEach, describe, expect, it } from 'vitest';
import { APOQUINDO_ADDRESS, createAppointment as apiAppointment } from '../test-support/api-bookings.ts';
import { withRealApi } from '../test-support/real-api.ts';
import { createAppointment } from './create-appointment.ts';
import { payAtHome, payByCard } from './payments.ts';

const api = withRealApi();

/**
 * The widget's calls reach the real API, except the paths `down` matches, where the network
 * fails (a dropped connection); the error reports the widget sends are kept.
 */
function networkDownFor(down: (path: string) => boolean) {
  const reports: { origin: string; status: number; err: string | null; context: { path: string } }[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const path = new URL(new Request(input as RequestInfo, init).url).pathname;
    if (down(path)) throw new TypeError('Failed to fetch');
    if (path === '/api/v2/errors/') reports.push(JSON.parse(String(init?.body)));
    return realFetch(input, init);
  };
  restore = () => {
    globalThis.fetch = realFetch;
  };
  return reports;
}
let restore = () => undefined as void;
afterEach(() => restore());

const creation = (address = APOQUINDO_ADDRESS) =>
  createAppointment({ address, salesSource: 'marketplace', clientId: 'demo', sectionOrigin: 'address' });

describe('failures of the booking calls reach the error endpoint; refusals the API names do not', () => {
  it('reports an appointment creation that got no answer', async () => {
    const reports = networkDownFor((path) => path === '/api/v2/appointments/');
    await expect(creation()).rejects.toThrow();
    await expect.poll(() => reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      origin: 'appointment-creation',
      status: 500,
      context: { path: '/api/v2/appointments/' },
    });
  });

  it('does not report a creation refused for an address out of coverage', async () => {
    const reports = networkDownFor(() => false);
    const far = { ...APOQUINDO_ADDRESS, latitude: -53.1638, longitude: -70.9171, commune: 'Punta Arenas' };
    const refused = await creation(far).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: expect.any(Number) });
    expect((refused as { status: number }).status).toBeLessThan(500);
    // Give a report the time to be sent, were one sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reports).toEqual([]);
  });

  it('reports a card payment and a payment at home that got no answer', async () => {
    const booking = await apiAppointment(api);
    const reports = networkDownFor((path) => /\/(card|cash_payment)\/$/.test(path));
    await expect(
      payByCard(
        booking.id,
        { token: 'tok', payment_method_id: 'visa', amount: 1000, customer_id: null },
        booking.token,
      ),
    ).rejects.toThrow();
    await expect(payAtHome(booking.id, { appointmentToken: booking.token })).rejects.toThrow();
    await expect.poll(() => reports).toHaveLength(2);
    expect(reports.map((report) => [report.origin, report.context.path])).toEqual([
      ['payment', `/api/v2/mercado-pago/${booking.id}/card/`],
      ['payment', `/api/payments/appointments/${booking.id}/cash_payment/`],
    ]);
  });
});
