import { FILE_ERROR_MESSAGE } from '@visita/domain/files';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderStep } from '../../test-support/render-step.tsx';
import { UploadOrderStep } from './upload-order-step.tsx';

const choose = (file: File) =>
  fireEvent.change(screen.getByTestId('order-file-input'), { target: { files: [file] } });
const pdf = (name: string, bytes = 1024) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
const continueButton = () => screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement;

describe("'Sube tu orden médica'", () => {
  it('cannot go on without a file', () => {
    renderStep(<UploadOrderStep />, { step: 'upload-order' });
    expect(continueButton().disabled).toBe(true);
  });

  it('lists a PDF, lets it be removed by name, and goes on to the contact with one', async () => {
    const { stores } = renderStep(<UploadOrderStep />, { step: 'upload-order' });
    choose(pdf('orden.pdf'));
    const list = await screen.findByRole('list', { name: 'Archivos seleccionados' });
    expect(list.textContent).toContain('orden.pdf');
    expect(continueButton().disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar orden.pdf' }));
    expect(screen.queryByRole('list', { name: 'Archivos seleccionados' })).toBeNull();
    choose(pdf('orden.pdf'));
    await userEvent.click(continueButton());
    expect(stores.flow.getState().step).toBe('contact-order');
  });

  it('refuses a file that is not a PDF, JPEG or PNG, and one over 15 MB, saying why', async () => {
    renderStep(<UploadOrderStep />, { step: 'upload-order' });
    choose(new File(['hola'], 'notas.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe(FILE_ERROR_MESSAGE);
    choose(pdf('grande.pdf', 15_000_001));
    expect((await screen.findByRole('alert')).textContent).toBe(FILE_ERROR_MESSAGE);
    expect(screen.queryByRole('list', { name: 'Archivos seleccionados' })).toBeNull();
    expect(continueButton().disabled).toBe(true);
  });
});
