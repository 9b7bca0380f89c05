import { describe, expect, it } from 'vitest';
import { fillPartnerText, referralAmountText, resultsDeliveryText } from './partner-copy.ts';

describe("a partner's texts", () => {
  it('fills the placeholders it knows and leaves other braces alone', () => {
    expect(fillPartnerText('En {hours} horas {x}', { hours: 24 })).toBe('En 24 horas {x}');
    expect(fillPartnerText('En {hours} horas', { hours: null })).toBeNull();
  });

  it.each([
    // 2026-11-25 is a Wednesday, 2026-11-28 a Saturday, 2026-11-29 a Sunday.
    ['a weekday: the latest item', '2026-11-25', 'Tus resultados llegan en 48 horas.'],
    ['a Saturday: business-day items two days later', '2026-11-28', 'Tus resultados llegan en 72 horas.'],
    ['a Sunday: business-day items a day later', '2026-11-29', 'Tus resultados llegan en 48 horas.'],
  ])('result delivery on %s', (_case, date, text) => {
    const items = [
      { results_hours: 24, results_on_business_days: true },
      { results_hours: 48, results_on_business_days: false },
    ];
    expect(resultsDeliveryText('Tus resultados llegan en {hours} horas.', items, date)).toBe(text);
  });

  it('says nothing about results without a text, a date or an item with a results time', () => {
    expect(
      resultsDeliveryText(null, [{ results_hours: 24, results_on_business_days: false }], '2026-11-25'),
    ).toBeNull();
    expect(
      resultsDeliveryText(
        'En {hours} horas.',
        [{ results_hours: 24, results_on_business_days: false }],
        null,
      ),
    ).toBeNull();
    expect(
      resultsDeliveryText(
        'En {hours} horas.',
        [{ results_hours: null, results_on_business_days: false }],
        '2026-11-25',
      ),
    ).toBeNull();
    // A text without hours needs none.
    expect(resultsDeliveryText('Te enviaremos tus resultados por correo.', [], null)).toBe(
      'Te enviaremos tus resultados por correo.',
    );
  });

  it('shows the referral amount as each country writes it', () => {
    expect(referralAmountText('Invita y gana {amount}', 'cl')).toBe('Invita y gana $7.000');
    expect(referralAmountText('Invita y gana {amount}', 'mx')).toBe('Invita y gana $180');
    expect(referralAmountText(null, 'cl')).toBeNull();
  });
});
