import { describe, expect, it } from 'vitest';
import { REDACTED_VALUE, redactAnalyticsValues } from './analytics.ts';

describe('analytics values', () => {
  it('redacts every text value containing an at-sign, and keeps the rest', () => {
    expect(
      redactAnalyticsValues({
        event: 'out-of-coverage',
        address: 'maria@correo.cl, Antofagasta',
        salesSource: 'marketplace',
        count: 2,
      }),
    ).toEqual({ event: 'out-of-coverage', address: REDACTED_VALUE, salesSource: 'marketplace', count: 2 });
    expect(REDACTED_VALUE).not.toContain('@');
  });
});
