/** Scheduling's answers that are not availability: the hold's length and the errors it refuses with. */
import { BLOCK_SELECTION_FAILED_MESSAGE } from '@visita/domain/messages';
import { AppError, badRequest } from '../../errors.ts';

/** A hold keeps its nurse-block for 20 minutes. */
export const HOLD_MINUTES = 20;

export const DAY_MS = 86_400_000;

const BLOCK_NOT_AVAILABLE = 'block-not-available';

export const blockNotAvailable = () => new AppError(409, BLOCK_NOT_AVAILABLE, BLOCK_SELECTION_FAILED_MESSAGE);

export const noSector = () =>
  new AppError(409, 'no-nurses-for-given-location', 'No hay enfermeras disponibles para la dirección dada');

export const invalidItems = () =>
  badRequest('invalid-items', 'Alguno de los servicios indicados no existe o no se ofrece en este país.');

export const countryMismatch = () =>
  badRequest('country-mismatch', 'El país indicado no corresponde al de la dirección de la cita.');

export const notSchedulable = () =>
  new AppError(
    409,
    'appointment-not-schedulable',
    'La cita ya está confirmada, cancelada o expirada y no se puede agendar.',
  );

export const HOLD_EXPIRED = 'hold-expired';
