/**
 * Every refusal the API answers on purpose: its HTTP status, its stable slug (`err`) and the
 * Spanish text a person can act on (`msg`). The API throws these and writes no slug or text of its
 * own (an ESLint rule keeps it so); the widget recognises slugs from here. Where the text names
 * something of the request (a field, a limit, a fund), the entry is a function of it.
 *
 * One export per entry, so the widget carries only the few it reads. `docs/product/texts.md`
 * lists them all (generated, see scripts/texts-table.ts).
 */
import { NO_ADDRESS_SELECTED_MESSAGE, NO_NURSES_ERROR, NO_NURSES_MESSAGE } from '../addresses.ts';
import {
  AMOUNT_OUT_OF_RANGE_ERROR,
  CARD_CVC_MESSAGE,
  CARD_EXPIRY_MESSAGE,
  CARD_NUMBER_MESSAGE,
  NOT_PAYABLE_SERVER_ERROR,
  PAYMENT_REJECTION_MESSAGES,
  STOCKOUT_ERROR,
  STOCKOUT_MESSAGE,
  UNEXPECTED_PAYMENT_ERROR_MESSAGE,
} from '../cards.ts';
import { FILE_ERROR_MESSAGE } from '../files.ts';
import { BLOCK_SELECTION_FAILED_MESSAGE } from '../messages.ts';
import {
  BIRTH_DATE_FUTURE_MESSAGE,
  VACCINE_AGE_ERROR,
  VACCINE_AGE_MESSAGE,
} from '../validators/birth-date.ts';
import { COUPON_STATUS_MESSAGES, type CouponStatus } from '../validators/coupon.ts';
import { EMAIL_FORMAT_MESSAGE } from '../validators/email.ts';
import { PHONE_FORMAT_MESSAGE } from '../validators/phone.ts';
import { REGISTRATION_ERRORS } from '../validators/registration.ts';
import { RUT_INVALID_MESSAGE } from '../validators/rut.ts';

export interface ApiErrorEntry {
  readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 500 | 502 | 503;
  readonly err: string;
  readonly msg: string;
}

const entry = <const S extends ApiErrorEntry['status'], const E extends string>(
  status: S,
  err: E,
  msg: string,
) => ({ status, err, msg }) as const;

/** A text that names the field it is about ('lead: es obligatorio.'). */
const about = (field: string, text: string) => `${field.slice(0, 100)}: ${text}`;
const NOT_ALLOWED_CHARACTERS = 'contiene caracteres no permitidos.';

// Requests (the framework's refusals included: the error handler answers these)
export const INVALID_REQUEST = entry(400, 'invalid-request', 'La solicitud no es válida.');
/** A field the request's schema refused, named, with the schema's text. */
export const invalidField = (text: string) => entry(400, 'invalid-request', text);
export const INVALID_URL = entry(400, 'invalid-request', 'La dirección de la solicitud no es válida.');
export const INVALID_JSON = entry(400, 'invalid-json', 'El cuerpo de la solicitud no es un JSON válido.');
export const EMPTY_JSON = entry(400, 'invalid-json', 'El cuerpo de la solicitud está vacío.');
export const PAYLOAD_TOO_LARGE = entry(
  413,
  'payload-too-large',
  'El cuerpo de la solicitud es demasiado grande.',
);
export const UNSUPPORTED_MEDIA_TYPE = entry(
  415,
  'unsupported-media-type',
  'El tipo de contenido no está soportado.',
);
export const NOT_UTF8 = entry(415, 'unsupported-media-type', 'El cuerpo debe ser JSON en UTF-8.');
export const CONTENT_LENGTH_MISMATCH = entry(
  400,
  'invalid-request',
  'El largo declarado del cuerpo no coincide.',
);
export const ROUTE_NOT_FOUND = entry(404, 'not-found', 'El recurso solicitado no existe.');
/** Anything unexpected: never the cause (it is logged). */
export const INTERNAL_ERROR = entry(500, 'internal-error', 'Ha ocurrido un error inesperado');
export const invalidCharacters = (field: string) =>
  entry(400, 'invalid-request', about(field, NOT_ALLOWED_CHARACTERS));
export const RATE_LIMITED = entry(
  429,
  'rate-limited',
  'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
);

// Clients, tokens and the operator
export const CLIENT_NOT_FOUND = entry(404, 'client-not-found', 'El identificador de cliente no es válido.');
export const CLIENT_NOT_VALID = entry(400, 'client-not-found', CLIENT_NOT_FOUND.msg);
export const CLIENT_TOKEN_MISSING = entry(
  401,
  'not-authenticated',
  'Se requiere el token de acceso del cliente.',
);
export const CLIENT_TOKEN_INVALID = entry(401, 'invalid-token', 'El token de acceso no es válido.');
export const CLIENT_TOKEN_FORBIDDEN = entry(
  403,
  'forbidden',
  'El token de acceso no corresponde a este cliente.',
);
export const PERSON_ACCESS_REQUIRED = entry(
  401,
  'not-authenticated',
  'Se requiere la cita en curso (su id y su token) o el token de acceso del cliente para consultar datos de un paciente.',
);
export const ADMIN_DISABLED = entry(404, 'not-found', 'No encontrado.');
export const ADMIN_TOKEN_MISSING = entry(401, 'not-authenticated', 'Se requiere el token de operador.');
export const METRICS_TOKEN_INVALID = entry(
  401,
  'metrics-not-authorized',
  'Se requiere el token de métricas.',
);
export const ADMIN_TOKEN_INVALID = entry(403, 'forbidden', 'El token de operador no es válido.');
export const PARTNER_NOT_FOUND = entry(404, 'partner-not-found', 'No existe un socio con ese id.');
export const PARTNER_EXISTS = entry(409, 'partner-exists', 'Ya existe un socio con ese id.');
/** Spanish list: 'a', 'a y b', 'a, b y c'. */
const listed = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} y ${names.at(-1)}` : (names[0] ?? '');
/** Rules of a whole sales source that one partner's document changes, and who else it reaches. */
export interface SourceRulesReach {
  readonly source: string;
  readonly rules: readonly string[];
  readonly partners: readonly string[];
}
const sourceRulesText = (reaches: readonly SourceRulesReach[]) =>
  reaches
    .map(
      ({ source, rules, partners }) =>
        `${rules.length > 1 ? `Estas reglas (${listed(rules)}) se aplican` : `Esta regla (${listed(rules)}) se aplica`} ` +
        `a toda la fuente de venta ${source}: afecta también a ${listed(partners)}.`,
    )
    .join(' ');
/** A rule of a whole sales source changed from one partner's document, without the others' confirmation. */
export const sourceRulesUnconfirmed = (reaches: readonly SourceRulesReach[]) =>
  entry(409, 'source-rules-unconfirmed', `${sourceRulesText(reaches)} Confírmalo indicando esos socios.`);
/** The confirmation does not name exactly the partners the change reaches. */
export const sourceRulesConfirmationMismatch = (reaches: readonly SourceRulesReach[]) =>
  entry(
    409,
    'source-rules-unconfirmed',
    `${sourceRulesText(reaches)} La confirmación debe indicar exactamente esos socios.`,
  );

// Addresses and coverage
export const NO_NURSES = entry(400, NO_NURSES_ERROR, NO_NURSES_MESSAGE);
export const NO_SECTOR = entry(409, NO_NURSES_ERROR, NO_NURSES_MESSAGE);
export const INVALID_PLACE_ID = entry(
  400,
  'invalid-place-id',
  'El identificador de lugar (place_id) no es válido.',
);
export const GEOCODER_UNAVAILABLE = entry(
  502,
  'geocoder-unavailable',
  'No pudimos buscar la dirección en este momento. Intenta nuevamente en unos minutos.',
);
export const INVALID_SALES_SOURCE = entry(
  400,
  'invalid-sales-source',
  'La fuente de venta no corresponde al cliente.',
);
export const INVALID_APPOINTMENT_SALES_SOURCE = entry(
  400,
  'invalid-sales-source',
  'La fuente de venta no corresponde a la cita.',
);
export const INVALID_COUNTRY = entry(
  400,
  'invalid-country',
  'El país de la dirección no corresponde al cliente.',
);
export const INVALID_RECEIVER = entry(
  400,
  'invalid-receiver',
  'El origen de la cita no corresponde a los del cliente.',
);

// Appointments
export const APPOINTMENT_NOT_FOUND = entry(
  404,
  'appointment-not-found',
  'No fue encontrado el id de la cita',
);
export const APPOINTMENT_CANCELLED = entry(410, 'appointment-cancelled', 'La cita fue cancelada.');
export const APPOINTMENT_NOT_EDITABLE = entry(
  409,
  'appointment-not-editable',
  'La cita ya está confirmada y no se puede modificar.',
);
export const APPOINTMENT_ENDED = entry(
  409,
  'appointment-not-editable',
  'La cita fue cancelada o venció; no se puede modificar.',
);
export const APPOINTMENT_NOT_SCHEDULED = entry(
  409,
  'appointment-not-scheduled',
  'La cita debe tener un horario agendado para poder finalizarse.',
);
export const APPOINTMENT_WITHOUT_PATIENTS = entry(
  409,
  'appointment-without-patients',
  'La cita no tiene pacientes con servicios. Agrega al menos un paciente con un examen o servicio antes de confirmarla.',
);
/** Why an event cannot apply, said from the status the appointment is in. */
const STATUS_MESSAGES = {
  pending: 'La cita aún no tiene un bloque horario reservado. Por favor, elige un horario.',
  scheduled: 'La cita tiene un bloque horario reservado y aún no está confirmada.',
  confirmed: 'La cita ya está confirmada.',
  cancelled: 'La cita fue cancelada.',
  expired: 'La reserva de la cita expiró. Por favor, vuelve a elegir un horario.',
} as const;
export const INVALID_APPOINTMENT_STATUS = 'invalid-appointment-status';
export const invalidAppointmentStatus = (status: keyof typeof STATUS_MESSAGES) =>
  entry(409, INVALID_APPOINTMENT_STATUS, STATUS_MESSAGES[status]);
export const HOLD_NOT_EXPIRED = entry(
  409,
  'hold-not-expired',
  'La reserva del bloque horario aún está vigente.',
);
export const CART_MAKER_NOT_FOUND = entry(
  404,
  'cart-maker-not-found',
  'El carrito no existe o ya no está disponible.',
);
export const MANUAL_CONFIRMATION_NOT_ALLOWED = entry(
  403,
  'manual-confirmation-not-allowed',
  'Esta cita debe pagarse para confirmarse; no admite confirmación manual.',
);
export const ORIGIN_STAFF_ONLY = entry(
  403,
  'origin-staff-only',
  'Solo el personal del cliente puede registrar el origen de la cita.',
);
export const NOT_LAST_MILE = entry(403, 'not-last-mile', 'Este cliente no trabaja con última milla.');
export const changeWindowClosed = (hours: number) =>
  entry(
    409,
    'change-window-closed',
    `Ya no es posible cancelar ni cambiar esta reserva: se puede hasta ${hours} horas antes de la visita. Escríbenos y te ayudamos.`,
  );
export const VISIT_STARTED = entry(
  409,
  'visit-started',
  'La visita ya comenzó o ya pasó: no se puede cancelar ni cambiar.',
);

// Scheduling
export const INVALID_BLOCK = entry(400, 'invalid-block', 'La fecha u hora del bloque no es válida.');
export const BLOCK_NOT_ONE_HOUR = entry(
  400,
  'invalid-block',
  'El bloque horario debe durar una hora, de begin_date a end_date.',
);
export const BLOCK_TIME_DOES_NOT_EXIST = entry(
  400,
  'invalid-block',
  'La hora del bloque no existe en la zona horaria de la dirección.',
);
export const BLOCK_IN_PAST = entry(
  400,
  'block-in-past',
  'El bloque horario elegido ya pasó. Por favor, elige otro.',
);
export const BLOCK_OUT_OF_HORIZON = entry(
  400,
  'block-out-of-horizon',
  'Solo se puede agendar hasta un mes desde hoy.',
);
export const BLOCK_OUTSIDE_SHIFTS = entry(
  400,
  'block-outside-shifts',
  'El bloque horario elegido no se ofrece. Por favor, elige otro.',
);
export const BLOCK_NOT_AVAILABLE = entry(409, 'block-not-available', BLOCK_SELECTION_FAILED_MESSAGE);
export const HOLD_EXPIRED = entry(
  409,
  'hold-expired',
  'La reserva del bloque horario expiró y el bloque ya fue tomado. Por favor, elige otro bloque horario.',
);
export const INVALID_ITEMS = entry(
  400,
  'invalid-items',
  'Alguno de los servicios indicados no existe o no se ofrece en este país.',
);
export const COUNTRY_MISMATCH = entry(
  400,
  'country-mismatch',
  'El país indicado no corresponde al de la dirección de la cita.',
);
export const NOT_SCHEDULABLE = entry(
  409,
  'appointment-not-schedulable',
  'La cita ya está confirmada, cancelada o expirada y no se puede agendar.',
);

// Patients and accounts
export const INVALID_RUT = entry(400, 'invalid-rut-number', RUT_INVALID_MESSAGE);
export const INVALID_DOCUMENT_NUMBER = entry(
  400,
  'invalid-document-number',
  'El número de documento no es válido.',
);
export const INVALID_PASSPORT_NUMBER = entry(
  400,
  'invalid-document-number',
  'El número de pasaporte no es válido.',
);
export const INVALID_EMAIL = entry(400, 'invalid-email-format', EMAIL_FORMAT_MESSAGE);
export const INVALID_PHONE = entry(400, 'invalid-phone-format', PHONE_FORMAT_MESSAGE);
export const BIRTH_DATE_IN_FUTURE = entry(400, 'invalid-birth-date', BIRTH_DATE_FUTURE_MESSAGE);
export const BIRTH_DATE_FORMAT = entry(
  400,
  'invalid-birth-date',
  'La fecha de nacimiento debe tener el formato AAAA-MM-DD',
);
export const PATIENT_ALREADY_EXISTS = entry(
  409,
  'patient-already-exists',
  'Paciente ya existe en el cliente',
);
export const EMAIL_ALREADY_USED = entry(
  409,
  'email-already-used',
  'Este correo ya tiene un usuario asociado, intenta con otro correo.',
);
export const PATIENT_ALREADY_HAS_ACCOUNT = entry(
  409,
  'patient-already-has-account',
  'El paciente ya tiene una cuenta',
);
/** The look-up's 404 for an unknown identifier: its answer also carries the product's `error` key. */
export const PATIENT_NOT_FOUND = {
  ...entry(404, 'patient-not-found', 'No encontramos un paciente con ese identificador.'),
  error: 'Patient not found',
} as const;
/** A registration the validator refused, with its slug and text. */
export const registrationRefused = (
  err: keyof typeof REGISTRATION_ERRORS,
  msg: string = REGISTRATION_ERRORS[err],
) => entry(400, err, msg);
export const tooManyPatients = (max: number) =>
  entry(400, 'too-many-patients', `La cita admite como máximo ${max} pacientes.`);
export const invalidPatientText = (field: string) =>
  entry(400, 'invalid-patient', about(field, NOT_ALLOWED_CHARACTERS));
export const PATIENT_WITHOUT_SERVICES = entry(
  400,
  'patient-without-services',
  'Tienes pacientes sin servicios, agrégales servicios o elimínalos para continuar',
);
export const VACCINE_AGE = entry(400, VACCINE_AGE_ERROR, VACCINE_AGE_MESSAGE);
/** A patient's field refused: its slug where registration has one, the field named as a person reads it. */
export const invalidPatientField = (slug: string | undefined, fieldText: string) =>
  entry(400, slug ?? 'invalid-patient', fieldText);
export const INVALID_ITEM = entry(
  400,
  'invalid-item',
  'Uno de los servicios elegidos no existe en el catálogo.',
);
export const INVALID_ACCESS_TOKEN = entry(
  400,
  'invalid-access-token',
  'El token de acceso del paciente no es válido.',
);

// Compensation funds
export const rutNotAffiliated = (fundName: string) =>
  entry(400, 'rut-not-affiliated', `El rut ingresado no está afiliado a ${fundName}`);
export const ONCE_PER_PATIENT = entry(
  409,
  'item-already-booked',
  'Lo sentimos, solo está permitido agendar una vez por paciente',
);

// Prices, coupons and stock
export const unknownItems = (countryName: string, list: string) =>
  entry(400, 'unknown-items', `Estos servicios no existen o no tienen precio en ${countryName}: ${list}.`);
export const tooManyItems = (max: number) =>
  entry(400, 'too-many-items', `Una cotización puede incluir como máximo ${max} servicios distintos.`);
export const couponRefused = (status: Exclude<CouponStatus, 'valid'>) =>
  entry(409, `coupon-${status.replace('_', '-')}`, COUPON_STATUS_MESSAGES[status]);
export const COUPON_NO_USES = entry(409, 'coupon-no-uses', COUPON_STATUS_MESSAGES.no_uses);
export const STOCKOUT = entry(409, STOCKOUT_ERROR, STOCKOUT_MESSAGE);

// The staff's amounts
export const invalidAmount = (text: string) => entry(400, 'invalid-amount', text);
export const invalidSubtotal = (text: string) => entry(400, 'invalid-subtotal', text);
export const invalidDiscount = (text: string) => entry(400, 'invalid-discount', text);
export const amountOutOfRange = (text: string) => entry(400, AMOUNT_OUT_OF_RANGE_ERROR, text);

// The money guard (docs/decisions/money-ledger.md): what a booking costs is frozen once money moves.
export const CART_FROZEN = entry(
  409,
  'cart-frozen',
  'Tu reserva tiene un pago en curso o ya está confirmada: lo que incluye ya no se puede cambiar.',
);
export const QUOTE_MISMATCH = entry(
  409,
  'quote-mismatch',
  'El pago no coincide con el detalle de la reserva, así que no se confirmó. Si hubo un cobro, se devolverá.',
);
export const NURSE_LACKS_SKILL = entry(
  409,
  'nurse-lacks-skill',
  'La profesional del horario elegido no realiza alguno de los servicios de tu reserva. Elige otro horario.',
);
export const NURSE_OFF = entry(
  409,
  'nurse-off',
  'La profesional del horario elegido no está disponible ese día. Elige otro horario; si se hizo un cobro, se devolverá.',
);
export const APPOINTMENT_CHANGED = entry(409, 'appointment-changed', 'La cita cambió mientras la editabas.');

// Payments
export const NOT_PAYABLE = entry(409, 'appointment-not-payable', NOT_PAYABLE_SERVER_ERROR);
export const PAYMENT_IN_PROCESS = entry(409, 'payment-in-process', NOT_PAYABLE_SERVER_ERROR);
export const PAYMENT_IN_PROGRESS = entry(
  409,
  'payment-in-progress',
  'Tu pago se está procesando. Espera un momento y vuelve a intentarlo.',
);
export const AMOUNT_MISMATCH = entry(
  400,
  'amount-mismatch',
  'El monto a pagar no coincide con el valor de la cita. Actualiza la página e intenta nuevamente.',
);
export const NOTHING_TO_PAY = entry(
  409,
  'nothing-to-pay',
  'La cita no tiene servicios con un monto a pagar con tarjeta.',
);
export const INVALID_CARD_TOKEN = entry(
  400,
  'invalid-card-token',
  'No pudimos validar tu tarjeta. Ingresa sus datos nuevamente.',
);
export const GATEWAY_UNAVAILABLE = entry(
  502,
  'payment-gateway-unavailable',
  UNEXPECTED_PAYMENT_ERROR_MESSAGE,
);
/** A notification read while the gateway cannot be reached: MercadoPago retries a 5xx. */
export const NOTIFICATION_GATEWAY_UNREACHABLE = entry(
  503,
  'payment-gateway-unreachable',
  'La pasarela de pago no respondió; la notificación se procesará cuando la reenvíe.',
);
/** The gateway refused the payment for the appointment's state: its own slug and text when it gave them. */
export const gatewayConflict = (err: string | undefined, msg: string | undefined) =>
  entry(409, err ?? GATEWAY_UNAVAILABLE.err, msg ?? GATEWAY_UNAVAILABLE.msg);
export const CASH_NOT_ALLOWED = entry(
  403,
  'cash-payment-not-allowed',
  'Esta cita debe pagarse con tarjeta; no admite pago en domicilio.',
);
/** A rejection: 402 with the gateway's status_detail as err and the widget's Spanish text as msg. */
export const paymentRejected = (statusDetail: string) =>
  entry(402, statusDetail, PAYMENT_REJECTION_MESSAGES[statusDetail] ?? UNEXPECTED_PAYMENT_ERROR_MESSAGE);
export const INVALID_CARD_NUMBER = entry(400, 'invalid-card-number', CARD_NUMBER_MESSAGE);
export const INVALID_EXPIRATION_DATE = entry(400, 'invalid-expiration-date', CARD_EXPIRY_MESSAGE);
export const INVALID_SECURITY_CODE = entry(400, 'invalid-security-code', CARD_CVC_MESSAGE);
export const SPLIT_NOT_ALLOWED = entry(
  400,
  'split-payment-not-allowed',
  'Este cliente no tiene pago compartido con la empresa.',
);
export const INVALID_SPLIT = entry(
  400,
  'invalid-split-payment',
  'Los exámenes que paga la empresa no corresponden a la cita.',
);
export const INVALID_NOTIFICATION_SIGNATURE = entry(
  401,
  'invalid-signature',
  'La firma de la notificación no es válida.',
);
export const NOT_COMPANY_EMPLOYEE = entry(
  400,
  'not-company-employee',
  'La persona atendida no figura en la nómina de la empresa: la empresa no puede pagar sus exámenes.',
);
export const examNotPaidByCompany = (exam: string) =>
  entry(400, 'exam-not-paid-by-company', `La empresa no paga el examen ${exam}.`);
export const companyCapExceeded = (cap: string) =>
  entry(400, 'company-cap-exceeded', `La empresa paga como máximo ${cap} por persona atendida.`);
export const TOO_MANY_HOLDS = entry(
  429,
  'too-many-holds',
  'Tienes varias reservas en curso sin confirmar. Confirma o deja expirar alguna antes de reservar otra hora.',
);

export const TOO_MANY_HOLDS_FROM_NETWORK = entry(
  429,
  'too-many-holds-from-network',
  'Hay muchas reservas en curso desde tu conexión. Espera unos minutos e inténtalo de nuevo.',
);

export const SECTOR_DAY_SHARE = entry(
  429,
  'sector-day-share',
  'Desde tu conexión ya se reservó gran parte de las horas de ese día en tu zona. Elige otro día.',
);

export const TOO_MANY_UNPAID_CONFIRMATIONS = entry(
  429,
  'too-many-unpaid-confirmations',
  'Desde tu conexión ya se confirmaron varias visitas sin pago hoy. Inténtalo de nuevo mañana.',
);

// Medical orders
export const INVALID_FILE = entry(400, 'invalid-file', FILE_ERROR_MESSAGE);
export const FILE_TOO_LARGE = entry(413, 'invalid-file', FILE_ERROR_MESSAGE);
export const NOT_MULTIPART = entry(
  400,
  'not-multipart',
  'La orden médica se envía como multipart/form-data.',
);
export const INVALID_FORM = entry(400, 'invalid-form', 'El formulario enviado no es válido.');
export const tooManyFiles = (max: number) =>
  entry(400, 'too-many-files', `Puedes subir hasta ${max} archivos por orden médica.`);
export const TOO_MANY_FIELDS = entry(400, 'too-many-fields', 'El formulario tiene demasiados campos.');
export const unexpectedFile = (field: string) =>
  entry(400, 'unexpected-file', about(field, 'no es un campo de archivo.'));
export const invalidLead = (text: string) => entry(400, 'invalid-lead', about('lead', text));
/** A lead's field refused by its schema, named. */
export const invalidLeadField = (field: string, text: string) =>
  entry(400, 'invalid-lead', about(field, text));
export const invalidPath = (text: string) => entry(400, 'invalid-path', about('path', text));
export const NO_ADDRESS = entry(400, 'no-address', NO_ADDRESS_SELECTED_MESSAGE);
export const NO_FILES = entry(400, 'no-files', 'Debes subir al menos una orden médica.');
export const TOO_MANY_UPLOADS = entry(
  429,
  'too-many-requests',
  'Has enviado demasiadas órdenes médicas seguidas. Inténtalo de nuevo en un minuto.',
);

// Health
export const DATABASE_UNAVAILABLE = entry(503, 'database-unavailable', 'La base de datos no responde.');

// The operations console
export const CONSOLE_NOT_SIGNED_IN = entry(401, 'console-not-signed-in', 'Inicia sesión para continuar.');
export const CONSOLE_SESSION_EXPIRED = entry(
  401,
  'console-session-expired',
  'Tu sesión expiró. Inicia sesión de nuevo.',
);
export const CONSOLE_CSRF_INVALID = entry(
  403,
  'csrf-invalid',
  'La solicitud no trae un token de seguridad válido. Recarga la página e inténtalo de nuevo.',
);
export const CONSOLE_STEP_PENDING = entry(
  403,
  'console-step-pending',
  'Completa primero el inicio de sesión (código de verificación, contraseña nueva o segundo factor).',
);
export const CONSOLE_TOTP_REQUIRED = entry(
  403,
  'console-totp-required',
  'Tu rol requiere un segundo factor: configúralo para continuar.',
);
export const CONSOLE_FORBIDDEN = entry(403, 'console-forbidden', 'Tu rol no permite esta acción.');
export const CONSOLE_FORBIDDEN_PARTNER = entry(
  403,
  'forbidden-partner',
  'Esta cita pertenece a otro socio: no puedes verla.',
);
export const CONSOLE_BAD_CREDENTIALS = entry(
  401,
  'console-bad-credentials',
  'El correo o la contraseña no son correctos.',
);
export const CONSOLE_ACCOUNT_LOCKED = entry(
  429,
  'console-account-locked',
  'Demasiados intentos fallidos: la cuenta quedó bloqueada por unos minutos. Inténtalo más tarde o pide a un administrador que la desbloquee.',
);
export const CONSOLE_BAD_TOTP = entry(401, 'console-bad-totp', 'El código de verificación no es correcto.');
export const CONSOLE_TOTP_ALREADY_ENABLED = entry(
  409,
  'console-totp-enabled',
  'El segundo factor ya está configurado.',
);
export const CONSOLE_WRONG_PASSWORD = entry(
  400,
  'console-wrong-password',
  'La contraseña actual no es correcta.',
);
export const CONSOLE_WEAK_PASSWORD = entry(
  400,
  'console-weak-password',
  'La contraseña no puede contener tu correo ni tu nombre, ni ser igual a la anterior.',
);
export const CONSOLE_RESET_INVALID = entry(
  410,
  'console-reset-invalid',
  'El enlace para restablecer la contraseña no es válido o ya expiró. Pide uno nuevo.',
);
export const CONSOLE_EMAIL_TAKEN = entry(409, 'console-email-taken', 'Ya existe un operador con ese correo.');
export const CONSOLE_OPERATOR_NOT_FOUND = entry(404, 'console-operator-not-found', 'No existe ese operador.');
export const CONSOLE_PARTNER_ROLE_NEEDS_CLIENT = entry(
  400,
  'invalid-request',
  'Un operador con rol socio debe indicar su socio (client_id), y solo ese rol lo indica.',
);
export const CONSOLE_UNKNOWN_PARTNER = entry(
  400,
  'invalid-request',
  'No existe un socio con ese id (client_id).',
);
export const CONSOLE_OWN_ACCOUNT = entry(
  400,
  'console-own-account',
  'No puedes desactivar tu propia cuenta ni cambiar tu rol: pídeselo a otro administrador.',
);
export const CONSOLE_SESSION_NOT_FOUND = entry(404, 'console-session-not-found', 'No existe esa sesión.');
export const CONSOLE_REPORT_RANGE_INVERTED = entry(
  400,
  'report-range-inverted',
  'La fecha «hasta» no puede ser anterior a la fecha «desde».',
);
/** The daily report's longest range (CONSOLE_REPORT_MAX_DAYS in console-reports.ts). */
export const consoleReportRangeTooLong = (maxDays: number) =>
  entry(
    400,
    'report-range-too-long',
    `El informe abarca como máximo ${maxDays} días: acorta el rango de fechas.`,
  );
export const CONSOLE_APPOINTMENT_NOT_FOUND = entry(404, 'appointment-not-found', 'No existe esa cita.');
export const CONSOLE_SECTOR_NOT_FOUND = entry(404, 'sector-not-found', 'No existe ese sector.');
export const CONSOLE_INVALID_CURSOR = entry(400, 'invalid-request', 'El cursor de la página no es válido.');
export const CONSOLE_NURSE_NOT_AVAILABLE = entry(
  409,
  'nurse-not-available',
  'Esa enfermera no puede tomar ese bloque: ya tiene una visita, no trabaja en ese horario o no hace los servicios de la cita.',
);
export const CONSOLE_MOVE_UNCHANGED = entry(
  409,
  'move-unchanged',
  'La visita ya está en ese bloque con esa enfermera.',
);
export const CONSOLE_VISIT_NOT_BEGUN = entry(
  409,
  'visit-not-begun',
  'La visita aún no comienza: su resultado se registra desde su hora de inicio.',
);
/** A collection at the address of more than is left to collect (the amount as the country writes it). */
export const consolePaymentOverDue = (left: string) =>
  entry(
    400,
    'console-payment-over-due',
    `El monto supera lo que queda por cobrar en el domicilio (${left}).`,
  );
export const CONSOLE_PAYMENT_ALREADY_RECORDED = entry(
  409,
  'payment-already-recorded',
  'Esta cita ya tiene un pago registrado.',
);
export const CONSOLE_NO_CONFIRMATION_EMAIL = entry(
  409,
  'no-confirmation-email',
  'No hay a quién reenviar la confirmación: ningún paciente dejó un correo, o el socio envía sus propios correos.',
);
export const CONSOLE_NURSE_NOT_FOUND = entry(404, 'nurse-not-found', 'No existe esa enfermera.');
export const CONSOLE_ROUTE_CHANGED = entry(
  409,
  'route-changed',
  'La agenda de ese día cambió desde que se calculó la propuesta: vuelve a calcularla.',
);
export const CONSOLE_PAYMENT_NOT_FOUND = entry(404, 'payment-not-found', 'No existe ese pago.');
export const CONSOLE_PAYMENT_NOT_STUCK = entry(
  409,
  'payment-not-stuck',
  'Este pago no espera a nadie: ya terminó, o la pasarela aún lo está procesando.',
);
export const CONSOLE_PAYMENT_BEING_SETTLED = entry(
  409,
  'payment-being-settled',
  'Otro proceso está conciliando este pago en este momento: vuelve a mirarlo en un minuto.',
);
export const CONSOLE_GATEWAY_UNAVAILABLE = entry(
  409,
  'gateway-unavailable',
  'La pasarela de pago no respondió: el pago queda como estaba. Vuelve a intentarlo en unos minutos.',
);
export const CONSOLE_REFUND_NOT_OWED = entry(
  409,
  'refund-not-owed',
  'Este pago no tiene una devolución rechazada por la pasarela.',
);
export const CONSOLE_REFUND_REFUSED = entry(
  409,
  'refund-refused',
  'La pasarela volvió a rechazar la devolución: el pago queda pendiente de devolver.',
);
export const CONSOLE_NOT_COMPANY_BILLED = entry(
  409,
  'not-company-billed',
  'Este pago no es una parte por cobrar a la empresa.',
);
export const CONSOLE_NOTHING_TO_WRITE_OFF = entry(
  409,
  'nothing-to-write-off',
  'Esta cita no tiene un monto pendiente de ese tipo que castigar.',
);
export const CONSOLE_COUPON_NOT_FOUND = entry(404, 'coupon-not-found', 'No existe ese cupón.');
export const CONSOLE_COUPON_EXISTS = entry(
  409,
  'coupon-exists',
  'Ya existe un cupón con ese código: edítalo, o elige otro código.',
);
export const consoleCouponUnknownSources = (list: string) =>
  entry(400, 'coupon-unknown-sources', `Estas fuentes de venta no existen: ${list}.`);
export const consoleCouponUnknownItems = (list: string) =>
  entry(
    400,
    'coupon-unknown-items',
    `Estos exámenes no están en el catálogo (o no son del país del cupón): ${list}.`,
  );
export const consoleCouponMaxUsesBelowUses = (uses: number) =>
  entry(
    400,
    'coupon-max-uses-below-uses',
    `El cupón ya se usó ${uses} ${uses === 1 ? 'vez' : 'veces'}: sus usos totales no pueden ser menos.`,
  );
export const CONSOLE_COUPON_AMOUNT_NEEDS_COUNTRY = entry(
  400,
  'coupon-amount-needs-country',
  'Un cupón de monto fijo debe indicar su país: el monto es en la moneda de ese país.',
);
export const CONSOLE_REFERRAL_UNKNOWN_COUPON = entry(
  400,
  'referral-unknown-coupon',
  'El código de referido debe ser el código de un cupón existente.',
);
export const CONSOLE_NURSE_SECTOR_UNKNOWN = entry(
  400,
  'nurse-sector-unknown',
  'Uno de los sectores elegidos no existe.',
);
export const CONSOLE_NURSE_SECTOR_ZONES = entry(
  400,
  'nurse-sector-zones',
  'Los sectores de una enfermera deben compartir la misma zona horaria: sus turnos se leen en ella.',
);
export const CONSOLE_NURSE_SHIFTS_NEED_SECTOR = entry(
  400,
  'nurse-shifts-need-sector',
  'Elige al menos un sector: sus turnos se leen en la hora del sector.',
);
export const CONSOLE_NURSE_VISITS_AFFECTED = entry(
  409,
  'nurse-visits-affected',
  'Este cambio deja visitas agendadas sin su bloque. Reasigna cada una o indica que se mantiene con ella.',
);
export const CONSOLE_NURSE_EXTRA_SHIFT_PAST = entry(
  400,
  'nurse-extra-shift-past',
  'Un turno extra va de hoy en adelante: esa fecha ya pasó.',
);
export const CONSOLE_NURSE_EXTRA_SHIFT_FAR = entry(
  400,
  'nurse-extra-shift-far',
  'Un turno extra se fija con hasta un año de anticipación.',
);
export const CONSOLE_NURSE_EXTRA_SHIFT_DAY_OFF = entry(
  400,
  'nurse-extra-shift-day-off',
  'Ese día está marcado libre para ella: devuélvele el día antes de darle un turno extra.',
);
export const CONSOLE_NURSE_DAY_OFF_NOT_FOUND = entry(
  404,
  'nurse-day-off-not-found',
  'Ese día no está marcado libre.',
);
export const CONSOLE_SECTOR_UNKNOWN_SOURCE = entry(
  400,
  'sector-unknown-source',
  'Esa fuente de venta no existe: ningún socio vende con ella.',
);
export const CONSOLE_SECTOR_SELF_INTERSECTS = entry(
  400,
  'sector-self-intersects',
  'El polígono se corta a sí mismo: revisa el orden de sus puntos.',
);
export const CONSOLE_SECTOR_ZONE_HAS_NURSES = entry(
  409,
  'sector-zone-has-nurses',
  'El sector tiene enfermeras asignadas, cuyos turnos se leen en su zona horaria: quítalas del sector antes de cambiarla.',
);
/** A sector change that leaves booked visits without their service: how many, to cancel or keep. */
export const consoleSectorVisitsBooked = (count: number) =>
  entry(
    409,
    'sector-visits-booked',
    `${count === 1 ? 'Hay 1 visita agendada' : `Hay ${count} visitas agendadas`} en este sector que el cambio dejaría sin su servicio (sector inactivo o servicio quitado). Cancela cada una o indica que se mantiene${count === 1 ? '' : 'n'}.`,
  );
export const CONSOLE_LEAD_NOT_FOUND = entry(404, 'lead-not-found', 'No existe esa orden médica.');
export const CONSOLE_LEAD_FILE_NOT_FOUND = entry(
  404,
  'lead-file-not-found',
  'No existe ese archivo en esta orden médica.',
);
export const CONSOLE_LEAD_BOOKED = entry(
  409,
  'lead-booked',
  'Esta orden médica ya quedó agendada con su cita: su estado no cambia.',
);
export const CONSOLE_LEAD_UNKNOWN_ITEM = entry(
  400,
  'lead-unknown-item',
  'Uno de los exámenes o packs del carrito no está en el catálogo del país de la orden.',
);
export const CONSOLE_LEAD_NO_COVERAGE = entry(
  409,
  'lead-no-coverage',
  'La dirección de la orden ya no tiene cobertura: no se puede armar un carrito para ella.',
);
export const CONSOLE_PRICE_ITEM_NOT_FOUND = entry(
  404,
  'price-item-not-found',
  'El ítem no existe en el catálogo de ese país.',
);
export const CONSOLE_PRICE_UNKNOWN_SOURCE = entry(
  400,
  'price-unknown-source',
  'Esa fuente de venta no existe: ningún socio vende con ella.',
);
export const CONSOLE_PRICE_UNKNOWN_COMMUNE = entry(
  400,
  'price-unknown-commune',
  'Esa comuna no existe en el país del ítem.',
);
export const CONSOLE_PRICE_IMPORT_BAD_CSV = entry(
  400,
  'price-import-bad-csv',
  'El archivo no es un CSV válido (revisa las comillas y separa las columnas con comas o punto y coma).',
);
/** The same, at the line where the file stops being a CSV. */
export const consolePriceImportBadCsvAt = (line: number) =>
  entry(
    400,
    'price-import-bad-csv',
    `El archivo no es un CSV válido en la línea ${line} (revisa las comillas y separa las columnas con comas o punto y coma).`,
  );
/** The header the import expects (PRICE_CSV_HEADERS in console-prices.ts). */
export const consolePriceImportBadHeader = (headers: readonly string[]) =>
  entry(
    400,
    'price-import-bad-header',
    `La primera fila del archivo debe tener las columnas ${headers.map((header) => `«${header}»`).join(', ')}, en ese orden.`,
  );
/** The most rows one import takes (PRICE_IMPORT_MAX_ROWS in console-prices.ts). */
export const consolePriceImportTooManyRows = (maxRows: number) =>
  entry(
    413,
    'price-import-too-many-rows',
    `El archivo tiene más de ${maxRows.toLocaleString('es-CL')} filas: divide los precios en varios archivos.`,
  );
export const CONSOLE_PRICE_IMPORT_NO_ROWS = entry(
  400,
  'price-import-no-rows',
  'El archivo no tiene filas de precios bajo el encabezado.',
);
export const CONSOLE_PRICE_IMPORT_STALE = entry(
  409,
  'price-import-stale',
  'Los precios cambiaron desde la revisión: vuelve a revisar el archivo antes de aplicarlo.',
);
export const CONSOLE_CATALOGUE_ITEM_NOT_FOUND = entry(
  404,
  'catalogue-item-not-found',
  'No existe ese ítem en el catálogo.',
);
export const CONSOLE_CATALOGUE_ID_TAKEN = entry(
  409,
  'catalogue-id-taken',
  'Ya existe un ítem con ese id: deja el id vacío para usar el siguiente libre.',
);
export const CONSOLE_CATALOGUE_SLUG_TAKEN = entry(
  409,
  'catalogue-slug-taken',
  'Ya existe un ítem con esa dirección en este país: elige otra.',
);
export const consoleCatalogueUnknownItems = (list: string) =>
  entry(
    400,
    'catalogue-unknown-items',
    `Estos ítems incluidos no existen en el catálogo del país, o son packs: ${list}.`,
  );
export const CONSOLE_CATALOGUE_PACK_CONTAINS_ITSELF = entry(
  400,
  'catalogue-pack-contains-itself',
  'Un pack no puede incluirse a sí mismo.',
);
export const CONSOLE_CATALOGUE_PACK_NEEDS_ITEMS = entry(
  400,
  'catalogue-pack-needs-items',
  'Un pack debe incluir al menos un ítem.',
);
export const CONSOLE_CATALOGUE_NO_SUB_ITEMS = entry(
  400,
  'catalogue-no-sub-items',
  'Solo los packs y los exámenes (sus mediciones) incluyen otros ítems.',
);
export const CONSOLE_CATALOGUE_STOCK_UNKNOWN_SOURCE = entry(
  400,
  'catalogue-stock-unknown-source',
  'Esa fuente de venta no existe: ningún socio vende con ella.',
);
export const CONSOLE_CATALOGUE_SOURCE_STOCK_NOT_FOUND = entry(
  404,
  'catalogue-source-stock-not-found',
  'Esa fuente no tiene existencias propias de este ítem: ya usa el stock compartido.',
);
