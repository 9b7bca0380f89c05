import * as ERRORS from '@visita/domain/contract/api-errors';
/** Scheduling's answers that are not availability: the hold's length and the errors it refuses with. */
import { fail } from '../../errors.ts';

/** A hold keeps its nurse-block for 20 minutes. */
export const HOLD_MINUTES = 20;

export const DAY_MS = 86_400_000;

export const blockNotAvailable = () => fail(ERRORS.BLOCK_NOT_AVAILABLE);

export const noSector = () => fail(ERRORS.NO_SECTOR);

export const invalidItems = () => fail(ERRORS.INVALID_ITEMS);

export const countryMismatch = () => fail(ERRORS.COUNTRY_MISMATCH);

export const notSchedulable = () => fail(ERRORS.NOT_SCHEDULABLE);
