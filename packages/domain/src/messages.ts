/**
 * Texts of the product's error catalogues that no single rule of this package
 * produces: screens and calls show them. Texts a rule produces live beside that rule.
 */

// ---- Client config and route ----
export const CLIENT_ID_REQUIRED_MESSAGE = 'Se requiere un identificador de cliente.';
export const CLIENT_ID_INVALID_MESSAGE = 'El identificador de cliente no es válido.';
export const CLIENT_CONFIG_FAILED_MESSAGE =
  'Ha ocurrido un error inesperado, comunícate con el equipo de desarrollo';
/** The generic helper's text for a non-HTTP failure (status 500). */
export const UNEXPECTED_ERROR_MESSAGE = 'Ha ocurrido un error inesperado';

// ---- Services, prices, search ----
export const SEARCH_FAILED_MESSAGE = 'Ocurrió un error al solicitar los datos';
export const LOADING_MESSAGE = 'Espere...';
export const NO_DATA_MESSAGE = 'No hay datos para mostrar';
export const NO_SERVICES_MESSAGE = 'No has agregado servicios';
export const PRICE_AT_HOME_TEXT = 'A calcular en domicilio';
/** A cancelled quote is ignored, not shown. */
export const CANCELED_PRICE_ERROR = 'canceled';
export const SOLD_OUT_TITLE = 'Se acabó el stock.';

// ---- Appointment creation (both parts) ----
export const APPOINTMENT_ID_NOT_FOUND_MESSAGE = 'No fue encontrado el id de la cita';
export const APPOINTMENT_ERROR_MESSAGE = 'Ha ocurrido un error';
export const APPOINTMENT_UNKNOWN_ERROR_MESSAGE = 'Ha ocurrido un error desconocido';
export const APPOINTMENT_CREATION_FAILED_MESSAGE =
  'Ocurrió un error al intentar crear la cita, inténtalo denuevo o contacta a soporte.';
export const ADDRESS_OR_APPOINTMENT_MISSING_MESSAGE =
  'No se pudo obtener la dirección o el id de la cita no existe';
export const SCHEDULE_PROBLEM_MESSAGE =
  'Estamos presentando algunos problemas para continuar. Por favor, intenta eligiendo otro bloque horario.';

// ---- Date step ----
export const DATE_STEP_TITLE = 'Fecha y hora de atención';
export const SELECT_DAY_LABEL = 'Selecciona un día:';
export const SELECT_TIME_LABEL = 'Selecciona la hora:';
export const LOADING_AVAILABILITY_MESSAGE = 'Cargando disponibilidad';
export const NO_AVAILABILITY_MESSAGE = 'No hay disponibilidad';
export const NO_AVAILABILITY_ERROR = 'no-availability';
export const SELECT_BLOCK_MESSAGE = 'Debes seleccionar un horario';
export const BLOCK_SELECTION_FAILED_MESSAGE = 'Ha ocurrido un error al intentar agendar';

// ---- Patients ----
export const EMAIL_ALREADY_USED_ERROR = 'email-already-used';
/** Of the product's two texts, the patient step shows this one. */
export const EMAIL_ALREADY_USED_MESSAGE =
  'Este correo ya tiene un usuario asociado, intenta con otro correo.';
export const EMAIL_IN_USE_ALTERNATIVE_MESSAGE =
  'El correo ya se encuentra en uso. Ingrese otro diferente por favor.';
export const PATIENT_ALREADY_HAS_ACCOUNT_ERROR = 'patient-already-has-account';
export const PATIENT_ALREADY_HAS_ACCOUNT_MESSAGE = 'El paciente ya tiene una cuenta';
export const PATIENT_EXISTS_FOR_CLIENT_MESSAGE = 'Paciente ya existe en el cliente';
export const CLIENT_ID_NOT_FOUND_MESSAGE = 'No se encontró el id del cliente';
export const SELECTED_PATIENT_NOT_FOUND_MESSAGE = 'No se encontró el paciente seleccionado';
export const CANNOT_VALIDATE_DATA_MESSAGE = 'No podemos validar tus datos en este momento.';
/** A RUT the partner's benefits fund does not know, in the fund's name. */
export const notAffiliatedMessage = (fundName: string) => `El rut ingresado no está afiliado a ${fundName}`;
export const ONE_BOOKING_PER_PATIENT_MESSAGE =
  'Lo sentimos, solo está permitido agendar una vez por paciente';
// The product's wording, kept to the letter.
export const UNKNOWN_ERROR_TOAST_MESSAGE = 'Un error desconocido a ocurrido.';

// ---- Terms, closing ----
export const EXIT_BUTTON_DEFAULT = 'Salir';
export const CLOSE_BUTTON = 'Cerrar';
export const CONTINUE_BUTTON = 'Continuar';
export const BACK_BUTTON = 'Volver';
