import { foldSearchText } from '../../search-text.ts';

/**
 * The staff patient search: names, document and e-mail folded to one alphabet (see
 * ../../search-text.ts), so 'Pérez', 'perez' and 'PEREZ' meet.
 */
/** A document typed with or without dots and dash ('11.111.111-1', '11111111-1'): one word. */
const DOCUMENT_LIKE = /^[0-9][0-9.\-\s]*[0-9kK]$/;
const compactDocument = (value: string) => value.replace(/[^0-9a-zA-Z]/g, '').toLowerCase();

/** At most this many distinct words of a query are matched; more add cost, not precision. */
const MAX_SEARCH_WORDS = 8;

/** The words a query must all match, in order, distinct. */
export function searchWords(query: string): string[] {
  const trimmed = query.trim();
  if (DOCUMENT_LIKE.test(trimmed)) return [compactDocument(trimmed)];
  const words = trimmed
    .split(/\s+/)
    .flatMap((word) => (DOCUMENT_LIKE.test(word) ? [compactDocument(word)] : foldSearchText(word).split(' ')))
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

export interface SearchablePatient {
  firstName: string;
  secondName?: string | null;
  lastName: string;
  secondLastName?: string | null;
  documentNumber: string;
  email?: string | null;
}

/** What client_patients.search_text holds: the folded fields, plus the document without punctuation. */
export function patientSearchText(patient: SearchablePatient): string {
  return [
    patient.firstName,
    patient.secondName,
    patient.lastName,
    patient.secondLastName,
    patient.documentNumber,
    compactDocument(patient.documentNumber),
    patient.email,
  ]
    .filter((part): part is string => Boolean(part))
    .map(foldSearchText)
    .join(' ');
}
