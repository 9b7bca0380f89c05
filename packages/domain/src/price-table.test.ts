import { describe, expect, it } from 'vitest';
import { priceTableRows } from './price-table.ts';

const price = {
  base_price: 25_000,
  service_fee: 11_000,
  discount: 2500,
  net_price: 30_500,
  fonasa_discount: 3000,
  payment_at_home: 0,
};

describe('price table rows', () => {
  it('lists total exams, discount, service and total; the fonasa bonus only in Chile with a fonasa patient', () => {
    expect(priceTableRows(price, { countryCode: 'cl', insurances: ['particular'], loading: false })).toEqual([
      { key: 'total-exams', amount: 25_000, text: '$25.000' },
      { key: 'discount', amount: 2500, text: '$2.500' },
      { key: 'service', amount: 11_000, text: '$11.000' },
      { key: 'total-amount', amount: 30_500, text: '$30.500' },
    ]);
    expect(
      priceTableRows(price, { countryCode: 'cl', insurances: ['fonasa'], loading: false }).map(
        (row) => row.key,
      ),
    ).toEqual(['total-exams', 'fonasa-bonus', 'discount', 'service', 'total-amount']);
    expect(
      priceTableRows(price, { countryCode: 'mx', insurances: ['fonasa'], loading: false }).map(
        (row) => row.key,
      ),
    ).not.toContain('fonasa-bonus');
  });

  it("shows 'Espere...' while loading and the at-home text for the exam price", () => {
    expect(
      priceTableRows(price, { countryCode: 'cl', insurances: [], loading: true }).every(
        (row) => row.text === 'Espere...',
      ),
    ).toBe(true);
    expect(
      priceTableRows(price, { countryCode: 'cl', insurances: [], loading: false, examPriceAtHome: true })[0]
        ?.text,
    ).toBe('A calcular en domicilio');
  });

  it('with the exams priced at the visit, the total is only what is paid now (what the card is charged)', () => {
    // The exams (25.000 − 3.000 − 2.500) are paid at home: 30.500 − 19.500 = the 11.000 service.
    const atHome = { ...price, payment_at_home: 19_500 };
    const rows = priceTableRows(atHome, {
      countryCode: 'cl',
      insurances: [],
      loading: false,
      examPriceAtHome: true,
    });
    expect(rows.at(-1)).toEqual({ key: 'total-amount', amount: 11_000, text: '$11.000' });
    expect(priceTableRows(atHome, { countryCode: 'cl', insurances: [], loading: false }).at(-1)?.amount).toBe(
      30_500,
    );
  });
});
