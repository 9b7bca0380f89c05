import { DEFAULT_PUBLIC_PROFILE } from '@visita/domain/partner-defaults';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clientConfig, renderStep } from '../../test-support/render-step.tsx';
import { TermsAndConditionsStep } from './terms-and-conditions-step.tsx';

const partnerTerms = {
  title: 'Bases de la promoción',
  intro: 'Vacuna contra la influenza a domicilio.',
  sections: [
    {
      heading: 'Precio',
      paragraphs: ['Cada vacuna cuesta $6.990, más el servicio a domicilio.'],
      items: ['Solo afiliados', 'Una vez por persona'],
    },
  ],
};

describe('the terms step', () => {
  it("shows the product's short terms for the country when the partner has none", () => {
    renderStep(<TermsAndConditionsStep />, { step: 'terms-and-conditions' });
    expect(screen.getByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toContain(
      'La cancelación con menos de 24 horas de anticipación cobra el servicio a domicilio.',
    );
  });

  it("shows the partner's own document: title, introduction, each section with its paragraphs and list", () => {
    renderStep(<TermsAndConditionsStep />, {
      step: 'terms-and-conditions',
      client: clientConfig({ profile: { ...DEFAULT_PUBLIC_PROFILE, terms: partnerTerms } }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Bases de la promoción' })).toBeTruthy();
    expect(screen.getByText('Vacuna contra la influenza a domicilio.')).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Precio' });
    expect(within(section).getByText('Cada vacuna cuesta $6.990, más el servicio a domicilio.')).toBeTruthy();
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Solo afiliados', 'Una vez por persona']);
  });

  it("goes back to the introduction with 'Volver'", async () => {
    const { stores } = renderStep(<TermsAndConditionsStep />, { step: 'terms-and-conditions' });
    await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(stores.flow.getState().step).toBe('introduction');
  });
});
