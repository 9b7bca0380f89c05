import { describe, expect, it } from 'vitest';
import { pageTitle } from './constants.ts';

describe('the page title', () => {
  it('names the product and the partner', () => {
    expect(pageTitle('Visita', 'Clínica Demo')).toBe('Servicios médicos a domicilio - Visita & Clínica Demo');
  });
});
