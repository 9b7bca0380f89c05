import type { Step } from '@visita/domain/steps';

/** What the confirmation says when the booking still has no saved patient. */
export const PATIENTS_MISSING_MESSAGE =
  'Falta el paciente de la cita: selecciónalo o ingresa sus datos antes de confirmar.';

/**
 * The step that gives the appointment its patients, when the flow has one before the
 * confirmation and it has not saved them for this appointment yet: a confirmation reached by
 * going back from 'Seleccionar paciente' must not confirm a booking without patients.
 */
export function missingPatientsStep(
  stepList: readonly Step[],
  appointmentId: string | null,
  patientsSavedFor: string | null,
): Step | null {
  const patient = stepList.indexOf('patient');
  const confirmation = stepList.indexOf('confirmation');
  if (patient < 0 || confirmation < 0 || patient > confirmation) return null;
  if (appointmentId && patientsSavedFor === appointmentId) return null;
  const select = stepList.indexOf('select-patient');
  return select >= 0 && select < patient ? 'select-patient' : 'patient';
}
