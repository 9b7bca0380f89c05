/** Every contact and patient field is required except specialNeeds and second_name. */
export const REQUIRED_FIELD_MESSAGE = 'completar campo';

/** Empty, or only whitespace, counts as not filled. */
export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/** Our wording. */
export function maxLengthMessage(max: number): string {
  return `Máximo ${max} caracteres`;
}
