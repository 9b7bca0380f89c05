/** Every contact and patient field is required except specialNeeds and second_name (part 2 §5). */
export const REQUIRED_FIELD_MESSAGE = 'completar campo';

/** Empty, or only whitespace, counts as not filled. */
export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/** Not worded by the spec (its fields only carry max lengths); our text. */
export function maxLengthMessage(max: number): string {
  return `Máximo ${max} caracteres`;
}
