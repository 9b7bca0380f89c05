/**
 * The introduction's terms checkbox for show_tyc clients. Its own module: the
 * introduction ships with the widget's first screen, the rest of the message catalogue does not.
 */
export const TERMS_CHECKBOX_LABEL = 'He leído y aceptado los términos y condiciones';
export const TERMS_REQUIRED_MESSAGE = 'Debes aceptar los términos y condiciones para continuar';

/** 'Continuar' on the introduction and terms is blocked until the checkbox is ticked when show_tyc is set. */
export function canContinueTerms(showTerms: boolean, accepted: boolean): boolean {
  return !showTerms || accepted;
}
