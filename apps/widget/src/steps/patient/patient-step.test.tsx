import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clientConfig, renderStep } from '../../test-support/render-step.tsx';
import { PatientStep } from './patient-step.tsx';

const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
/** The text of the message tied to a field (aria-describedby), or null. */
const messageOf = (field: HTMLElement) => {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).find(Boolean) ?? null;
};

function renderPatient(client = clientConfig()) {
  const rendered = renderStep(<PatientStep />, { step: 'patient', client });
  rendered.stores.session.getState().setAppointment({ id: '00000000-0000-4000-8000-000000000001' });
  return rendered;
}

describe("'Datos del paciente'", () => {
  it('marks every required field on the first try, each message tied to its field, and stays', async () => {
    const { stores } = renderPatient();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    for (const name of ['Primer nombre', 'Apellido paterno']) {
      expect(box(name).getAttribute('aria-invalid')).toBe('true');
      expect(messageOf(box(name))).toBe('completar campo');
    }
    expect(messageOf(box('Correo electrónico'))).toBe('completar campo');
    expect(stores.flow.getState().step).toBe('patient');
  });

  it('says a refused form once: the focus goes to its first missing field, which reads its message; no field alerts', async () => {
    renderPatient();
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    // Seven messages at once would be seven interruptions: none of them is a live alert.
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(document.activeElement).toBe(box('Primer nombre'));
    expect(messageOf(box('Primer nombre'))).toBe('completar campo');
    // Día, Mes and Año are each marked and tied to the birth date's message.
    for (const name of ['Día', 'Mes', 'Año']) {
      expect(select(name).getAttribute('aria-invalid')).toBe('true');
      expect(messageOf(select(name))).toBe('completar fecha de nacimiento');
    }
  });

  it('asks for the phone when nothing was typed after its country code, rather than calling it malformed', async () => {
    renderPatient();
    const phone = box('Teléfono');
    expect(phone.value).toBe('+56 9');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(messageOf(phone)).toBe('completar campo');
    await userEvent.type(phone, '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(messageOf(phone)).toBe('el número no tiene el formato correcto');
  });

  it('refuses a Rut whose check digit is wrong and an e-mail without its form, in their words', async () => {
    renderPatient();
    await userEvent.type(box('Número de documento'), '11.111.111-2');
    await userEvent.type(box('Correo electrónico'), 'ana@ejemplo');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(messageOf(box('Número de documento'))).toBe('El rut es inválido');
    expect(messageOf(box('Correo electrónico'))).toBe('el email no tiene el formato correcto');
  });

  it('offers Rut or passport in Chile, and the genders the partner shows', () => {
    renderPatient();
    expect([...select('Tipo de documento').options].map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['Rut', 'Pasaporte']),
    );
    const genders = () => [...select('Género').options].map((option) => option.textContent);
    expect(genders()).toEqual(expect.arrayContaining(['Masculino', 'Femenino']));
    expect(genders()).not.toContain('No binario');
  });

  it("offers 'No binario' where the partner shows non-binary texts", () => {
    renderPatient(clientConfig({ sdk_config_v2: { show_non_binary_texts: true } }));
    expect([...select('Género').options].map((option) => option.textContent)).toContain('No binario');
  });

  it("holds the focus in a busy region while the host's patient is sent, never on the page", () => {
    renderStep(<PatientStep />, {
      step: 'patient',
      session: {
        appointmentId: '00000000-0000-4000-8000-000000000001',
        preloadedPatient: {
          first_name: 'Ana',
          last_name: 'Rojas',
          date_of_birth: '1990-04-02',
          gender: 'female',
          document_type: 'ci',
          document_number: '11.111.111-1',
          email: 'ana@example.com',
          phone: '+56912345678',
        },
      },
    });
    const busy = screen.getByRole('status');
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(busy);
  });
});
