// Recorded answers of MercadoPago's API, written by hand in its documented JSON format
// (POST /v1/payments and POST /v1/payments/{id}/refunds, Checkout API), for the adapter and route tests.

/** POST /v1/payments, approved (201). */
export function mpPaymentAnswer(
  overrides: {
    status?: string;
    status_detail?: string;
    transaction_amount?: number;
    currency_id?: string;
  } = {},
) {
  const amount = overrides.transaction_amount ?? 12990;
  return {
    id: 1319024367,
    date_created: '2026-11-23T09:12:44.000-03:00',
    date_approved:
      overrides.status && overrides.status !== 'approved' ? null : '2026-11-23T09:12:45.000-03:00',
    date_last_updated: '2026-11-23T09:12:45.000-03:00',
    money_release_date: '2026-12-11T09:12:45.000-03:00',
    operation_type: 'regular_payment',
    issuer_id: '310',
    payment_method_id: 'visa',
    payment_type_id: 'credit_card',
    status: overrides.status ?? 'approved',
    status_detail: overrides.status_detail ?? 'accredited',
    currency_id: overrides.currency_id ?? 'CLP',
    description: 'Visita a domicilio',
    live_mode: false,
    collector_id: 1234567890,
    payer: { type: null, id: '1234567891', email: 'test_user_123@testuser.com', identification: {} },
    metadata: {},
    additional_info: {},
    external_reference: '00000000-0000-4000-8000-000000000000',
    transaction_amount: amount,
    transaction_amount_refunded: 0,
    coupon_amount: 0,
    transaction_details: {
      net_received_amount: 0,
      total_paid_amount: amount,
      overpaid_amount: 0,
      installment_amount: amount,
    },
    installments: 1,
    card: {
      first_six_digits: '450995',
      last_four_digits: '3704',
      expiration_month: 11,
      expiration_year: 2030,
      cardholder: { name: 'APRO', identification: { number: '111111111', type: 'RUT' } },
    },
    captured: true,
    binary_mode: false,
  };
}

/** 400 for a card token MercadoPago does not know (or already used). */
export const MP_INVALID_TOKEN = {
  message: 'Card Token not found',
  error: 'bad_request',
  status: 400,
  cause: [{ code: 2006, description: 'Card Token not found', data: '23-11-2026T12:12:45UTC;7f1f0d7c' }],
};

/** 500 from the API. */
export const MP_SERVER_ERROR = { message: 'internal_error', error: 'internal_error', status: 500, cause: [] };

/** POST /v1/payments/{id}/refunds (201): a total refund. */
export const MP_REFUND_ANSWER = {
  id: 1009042015,
  payment_id: 1319024367,
  amount: 12990,
  metadata: {},
  source: { id: '1234567890', name: 'Visita', type: 'collector' },
  date_created: '2026-11-23T09:12:50.000-03:00',
  unique_sequence_number: null,
  refund_mode: 'standard',
  adjustment_amount: 0,
  status: 'approved',
  reason: null,
  labels: [],
  amount_refunded_to_payer: 12990,
};

interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A fetch that answers from a list of recorded answers (status, body) in turn and keeps every
 * call it received, for stubbing the global fetch the SDK uses.
 */
export function recordedMercadoPago(answers: Array<{ status: number; body: unknown } | Error>) {
  const calls: RecordedCall[] = [];
  let next = 0;
  const fetchImpl = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    calls.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
    });
    const answer = answers[Math.min(next, answers.length - 1)];
    next += 1;
    if (!answer) throw new Error('no recorded answer');
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { calls, fetchImpl };
}
