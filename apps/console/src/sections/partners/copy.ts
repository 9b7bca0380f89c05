/** The partners section's texts. */
export const COPY = {
  title: 'Socios',
  listTitle: 'Socios',
  caption: 'Socios que embeben el widget',
  loading: 'Cargando…',
  none: 'No hay socios.',
  newPartner: 'Nuevo socio',
  id: 'Identificador',
  name: 'Nombre',
  country: 'País',
  source: 'Fuente de venta',
  domains: 'Dominios',
  token: 'Token de personal',
  createdAt: 'Creado el',
  yes: 'Sí',
  no: 'No',
  countries: { cl: 'Chile', mx: 'México' } as Record<string, string>,
  back: 'Volver a los socios',
  // A new partner
  createTitle: 'Nuevo socio',
  create: 'Crear socio',
  createHint:
    'Basta con estos cuatro datos: el resto del documento toma los valores por defecto y se completa en la página del socio.',
  // A partner's page
  pageTitle: (name: string) => `Socio ${name}`,
  created: (id: string) => `Socio ${id} creado.`,
  saved: 'Cambios guardados. El widget los muestra de inmediato.',
  save: 'Guardar cambios',
  problems: 'El documento tiene errores: revisa los campos marcados.',
  problemsTitle: 'Revisa el documento',
  formTitle: 'Documento del socio',
  confirmTitle: 'Confirmar una regla de toda la fuente de venta',
  confirmLabel: 'Socios a los que afecta',
  confirmHint: 'Los ids que nombra el aviso, separados por comas: confirmas que el cambio los alcanza.',
  confirmSave: 'Confirmar y guardar',
  previewTitle: 'Vista previa',
  previewHint:
    'El widget con los colores y textos del borrador, antes de guardar. Es el widget real: una reserva hecha aquí es una reserva.',
  previewFrame: (name: string) => `Vista previa del widget de ${name}`,
  previewStale: 'El borrador tiene errores: la vista previa muestra la última versión válida.',
  // A mode's own settings, and removing them
  modeNone: 'Sin ajustes propios: el widget usa los del producto en este modo. Cambiar un campo los crea.',
  removeMode: (name: string) => `Quitar los ajustes ${name}`,
  removeModeHint: 'El modo queda sin ajustes propios; se guarda con «Guardar cambios».',
  // Staff token
  tokenTitle: 'Token de API del personal',
  tokenHint:
    'Lo usan las consolas del personal del socio (modo LaaS). Se guarda solo su huella: se muestra una vez, al crearlo.',
  tokenState: (has: boolean) => (has ? 'El socio tiene un token activo.' : 'El socio no tiene token.'),
  rotate: (has: boolean) => (has ? 'Rotar token' : 'Crear token'),
  rotateWarning: 'El token anterior deja de funcionar en ese mismo momento. ¿Rotarlo?',
  rotateConfirm: 'Sí, rotar',
  cancel: 'Cancelar',
  revoke: 'Revocar token',
  revoked: 'Token revocado: las consolas del personal ya no pueden usarlo.',
  newToken: 'Token nuevo',
  newTokenWarning:
    'Cópialo ahora y entrégalo por un canal seguro: no se volverá a mostrar. Si se pierde, rota otro.',
  copy: 'Copiar',
  copied: 'Copiado',
  // Domains
  domainsTitle: 'Dominios que embeben el widget',
  domainsHint:
    'Solo estos sitios pueden mostrar el widget en un iframe (frame-ancestors). Un origen por línea: https://sitio.cl, sin ruta; http solo en localhost.',
  domain: (index: number) => `Dominio ${index + 1}`,
  removeDomain: (index: number) => `Quitar dominio ${index + 1}`,
  remove: 'Quitar',
  addDomain: 'Agregar dominio',
  saveDomains: 'Guardar dominios',
  domainsSaved: 'Dominios guardados.',
  noDomains: 'Ningún sitio puede embeber el widget todavía.',
  // Audit trail
  auditTitle: 'Historial de cambios',
  auditCaption: 'Cambios del socio, los más recientes primero',
  auditNone: 'Sin cambios registrados.',
  at: 'Fecha',
  actor: 'Quién',
  action: 'Acción',
  changes: 'Qué cambió',
  actions: {
    'partner.created': 'Creado',
    'partner.updated': 'Documento cambiado',
    'partner.api_token_rotated': 'Token rotado',
    'partner.api_token_revoked': 'Token revocado',
    'partner.employees_replaced': 'Nómina reemplazada',
  } as Record<string, string>,
} as const;

/**
 * The nested fields' own inputs: each with its label and what it does, the buttons that add and
 * remove rows (named by row, so each is told apart by a screen reader), and the words for none.
 */
export const NESTED = {
  add: (what: string) => `Agregar ${what}`,
  remove: (what: string, index: number) => `Quitar ${what} ${index + 1}`,
  removeShort: 'Quitar',
  features: [
    { value: 'self-service', label: 'Agendar una visita (self-service)' },
    { value: 'medical-order', label: 'Enviar una orden médica (medical-order)' },
  ],
  receivers: {
    row: 'receptor',
    id: (index: number) => `Id del receptor ${index + 1}`,
    idHelp: 'El código del receptor en el sistema del socio; un número entero se guarda como número.',
    name: (index: number) => `Nombre del receptor ${index + 1}`,
    nameHelp: 'Cómo lo ve el personal en el paso de origen.',
  },
  partnerSteps: {
    row: 'paso',
    value: (index: number) => `Paso ${index + 1}`,
    valueHelp: 'El paso que se activa.',
    label: (index: number) => `Nombre del paso ${index + 1}`,
    labelHelp: 'Opcional: cómo se nombra el paso. Vacío: sin nombre.',
  },
  webhook: {
    add: 'Configurar webhook',
    remove: 'Quitar webhook',
    url: 'URL del webhook',
    urlHelp: 'https (http solo en localhost): adonde se envía cada evento de reserva.',
    secret: 'Secreto del webhook',
    secretHelp:
      'Firma cada envío (al menos 16 caracteres). Si se deja enmascarado (••••••••), se conserva el guardado.',
    personal: 'Incluir datos personales',
    personalHelp: 'Los eventos llevan nombre, documento y contacto de los pacientes.',
  },
  extraServiceIds: {
    row: 'servicio fijo',
    id: (index: number) => `Id del servicio fijo ${index + 1}`,
  },
  paymentMethods: {
    row: 'medio de pago',
    method: (index: number) => `Medio de pago ${index + 1}`,
    options: [
      { value: 'debit', label: 'Débito con Webpay (Chile)' },
      { value: 'mercadopago', label: 'Crédito con MercadoPago (Chile)' },
      { value: 'home', label: 'Pago en el domicilio (México)' },
      { value: 'mx-mercadopago', label: 'Crédito con MercadoPago (México)' },
    ],
  },
  fund: {
    add: 'Configurar caja de compensación',
    remove: 'Quitar caja de compensación',
    name: 'Nombre de la caja',
    nameHelp:
      'Como lo dicen sus rechazos («El rut ingresado no está afiliado a …»). Vacío: el nombre del socio.',
    affiliation: 'Revisar afiliación',
    affiliationHelp: 'El RUT del primer paciente debe estar afiliado a la caja.',
    closeWarning: 'Avisar al cerrar',
    closeWarningHelp: 'Cerrar el widget antes de confirmar pregunta primero.',
    items: 'Una vez por afiliado',
    itemsHelp: 'Los exámenes (por su slug del catálogo) que cada persona puede reservar una sola vez.',
    row: 'examen de una vez',
    item: (index: number) => `Examen de una vez ${index + 1}`,
  },
  companyPays: {
    add: 'Configurar pago de la empresa',
    remove: 'Quitar pago de la empresa',
    items: 'Exámenes que paga la empresa',
    itemsHelp: 'Por su slug del catálogo; al menos uno. Ningún otro examen se puede cargar a la empresa.',
    row: 'examen pagado',
    item: (index: number) => `Examen pagado ${index + 1}`,
    cap: 'Tope por persona',
    capHelp: 'Lo máximo que paga por persona y reserva, en la moneda del país. Vacío: sin tope.',
  },
  stepCopy: {
    row: 'texto de paso',
    step: (index: number) => `Paso del texto ${index + 1}`,
    stepHelp: 'El paso cuyos textos se reemplazan.',
    title: (index: number) => `Título del paso ${index + 1}`,
    subtitle: (index: number) => `Subtítulo del paso ${index + 1}`,
    cta: (index: number) => `Botón del paso ${index + 1}`,
    textHelp: 'Vacío: el del país.',
    full: 'Cada paso tiene ya sus textos.',
  },
  terms: {
    add: 'Escribir términos propios',
    remove: 'Quitar términos',
    title: 'Título de los términos',
    titleHelp: 'El encabezado del paso de términos.',
    intro: 'Introducción de los términos',
    introHelp: 'Bajo el título: entre quiénes son y cuándo rigen. Vacío: sin introducción.',
    sections: 'Secciones',
    sectionsHelp: 'Al menos una: un encabezado, sus párrafos y sus puntos.',
    row: 'sección',
    heading: (index: number) => `Encabezado de la sección ${index + 1}`,
    paragraphs: (index: number) => `Párrafos de la sección ${index + 1}`,
    paragraphRow: (section: number) => `párrafo de la sección ${section + 1}`,
    paragraph: (section: number, index: number) => `Párrafo ${index + 1} de la sección ${section + 1}`,
    items: (index: number) => `Puntos de la sección ${index + 1}`,
    itemRow: (section: number) => `punto de la sección ${section + 1}`,
    item: (section: number, index: number) => `Punto ${index + 1} de la sección ${section + 1}`,
  },
  help: {
    add: 'Escribir caja de ayuda propia',
    remove: 'Quitar caja de ayuda propia',
    question: 'Pregunta de la caja de ayuda',
    questionHelp: 'La invitación a pedir ayuda, como «¿Tienes dudas?».',
    kind: 'Medio de contacto',
    kindHelp: 'Cómo se llega a una persona.',
    kinds: [
      { value: 'whatsapp', label: 'WhatsApp' },
      { value: 'phone', label: 'Teléfono' },
      { value: 'email', label: 'Correo' },
    ],
    label: 'Texto del contacto',
    labelHelp: 'Lo que dice el enlace, como el número o «Escríbenos».',
    href: 'Enlace del contacto',
    hrefHelp: 'https:// (WhatsApp), tel:+56… o mailto:…',
    hours: 'Horario de atención',
    hoursHelp: 'Cuándo responde una persona.',
  },
} as const;

/** How a field is edited and what an empty value means. */
type FieldKind =
  | { kind: 'text'; empty: 'null' | 'omit' | 'empty'; multiline?: boolean }
  | { kind: 'number'; empty: 'null' | 'omit' }
  /** `unset`: what the widget does when the key is missing (a mode without it reads as on or off). */
  | { kind: 'bool'; unset?: boolean }
  | { kind: 'color' }
  | { kind: 'select'; options: { value: string; label: string }[]; empty?: 'null' | 'omit' }
  | {
      /** A list of values, one row each: texts, or a choice among the widget's features or steps. */
      kind: 'list';
      of: 'text' | 'feature' | 'step';
      /** The row's name in the buttons ('origen': 'Agregar origen', 'Quitar origen 2'). */
      row: string;
      /** Its input's label, numbered ('Origen': 'Origen 1'). */
      item: string;
      /** What the field is once its last row goes: the key left out, or an empty list. */
      empty: 'omit' | 'list';
      max?: number;
    }
  | { kind: 'nested'; editor: NestedEditor };

/** The nested fields, each edited by its own small form (nested-fields.tsx). */
export type NestedEditor =
  | 'receivers'
  | 'partner-steps'
  | 'webhook'
  | 'extra-service-ids'
  | 'payment-methods'
  | 'fund'
  | 'company-pays'
  | 'step-copy'
  | 'terms'
  | 'help';

export interface FieldSpec {
  /** Where the value is in the document (`profile.rules.fund`); the API's 400 names fields so. */
  path: string;
  label: string;
  /** What the field does, in a sentence. */
  help: string;
  edit: FieldKind;
}

/** A mode's group: its settings may be removed as a whole (none, null). */
export interface ModeGroup {
  path: 'sdk_config_v2' | 'laas_config_v2';
  /** How the remove button names it ('del widget embebido'). */
  name: string;
}

export interface FieldGroup {
  title: string;
  fields: FieldSpec[];
  mode?: ModeGroup;
}

const bool = { kind: 'bool' } as const;
/** A mode's flag the widget reads as on unless it is false (showBanner, fullPageAvailable). */
const boolOnByDefault = { kind: 'bool', unset: true } as const;
const color = { kind: 'color' } as const;
const optionalText = { kind: 'text', empty: 'omit' } as const;
const nullableText = { kind: 'text', empty: 'null', multiline: true } as const;
const nested = (editor: NestedEditor) => ({ kind: 'nested', editor }) as const;

/** A mode's settings (sdk_config_v2, the partner's embed; laas_config_v2, its staff console). */
function modeFields(mode: 'sdk_config_v2' | 'laas_config_v2'): FieldSpec[] {
  const staff = mode === 'laas_config_v2';
  const f = (path: string, label: string, help: string, edit: FieldKind): FieldSpec => ({
    path: `${mode}.${path}`,
    label,
    help,
    edit,
  });
  return [
    f(
      'main_color',
      'Color principal',
      'Botones, enlaces y encabezados; el widget calcula textos legibles sobre él. Blanco o vacío: gris #4F4F4F.',
      color,
    ),
    f('background_logo_color', 'Color de fondo del logo', 'La franja donde va el logo del socio.', color),
    f(
      'showBanner',
      'Mostrar la franja del logo',
      'Desmarcado: el widget se abre sin la franja superior con el logo.',
      boolOnByDefault,
    ),
    f(
      'fullPageAvailable',
      'Página completa',
      'Fuera de un iframe el widget ocupa la página; desmarcado, se muestra como ventana.',
      boolOnByDefault,
    ),
    f(
      'show_whatsapp_sac_button',
      'Caja de ayuda',
      'Muestra la caja de ayuda (WhatsApp, teléfono o correo del perfil, o la del país).',
      bool,
    ),
    f(
      'show_non_binary_texts',
      'Textos no binarios',
      'Usa la redacción sin género en los textos del widget.',
      bool,
    ),
    f(
      'show_terms_and_conditions',
      'Términos y condiciones',
      'Enlaza los términos y condiciones en la introducción.',
      bool,
    ),
    f(
      'special_indications_at_om',
      'Indicaciones en orden médica',
      'Pide indicaciones especiales al enviar una orden médica.',
      bool,
    ),
    f(
      'tracking_events',
      'Eventos de seguimiento',
      'La página del socio recibe un evento por cada paso alcanzado y por la orden médica enviada.',
      bool,
    ),
    f(
      'manual_confirmation',
      'Confirmación sin tarjeta',
      staff
        ? 'El personal con el token del socio confirma sin pago con tarjeta.'
        : 'Quien tiene la cita la confirma sin pagar con tarjeta (el socio cobra por su cuenta).',
      bool,
    ),
    f(
      'manual_confirmation_payment_status',
      'Estado de pago al confirmar sin tarjeta',
      'Lo que se registra al confirmar así; "Pago pendiente" si la enfermera cobra en el domicilio.',
      {
        kind: 'select',
        empty: 'omit',
        options: [
          { value: '', label: 'Sin indicar (Pago pendiente)' },
          { value: 'Payment Pending', label: 'Pago pendiente' },
          { value: 'Payment Successful', label: 'Pagado' },
        ],
      },
    ),
    f(
      'discount_code',
      'Código de descuento',
      'Cupón que el widget aplica solo en este modo. Vacío: ninguno.',
      { kind: 'text', empty: 'null' },
    ),
    f(
      'availableFeatures',
      'Funciones ofrecidas',
      'Lo que el widget ofrece al empezar: agendar una visita (self-service) y/o enviar una orden médica (medical-order). Sin filas: las dos.',
      { kind: 'list', of: 'feature', row: 'función', item: 'Función', empty: 'omit', max: 2 },
    ),
    f(
      'customFlow',
      'Pasos propios',
      'Los pasos del widget en este orden, en vez de los del producto. Sin filas: los del producto.',
      { kind: 'list', of: 'step', row: 'paso propio', item: 'Paso propio', empty: 'omit' },
    ),
    f(
      'steps',
      'Pasos (lectura antigua)',
      'La misma lista de pasos con su nombre antiguo, para integraciones que aún la leen. Sin filas: sin lista.',
      { kind: 'list', of: 'step', row: 'paso antiguo', item: 'Paso antiguo', empty: 'omit' },
    ),
    f(
      'order_success_url',
      'Página de éxito de la orden médica',
      'URL http(s) o ruta de la página del socio a la que se vuelve tras enviar una orden médica. Vacío: la del widget.',
      { kind: 'text', empty: 'null' },
    ),
  ];
}

/** Every field of the partner document, by group, each with what it does. */
export const FIELD_GROUPS: FieldGroup[] = [
  {
    title: 'Identidad',
    fields: [
      {
        path: 'name',
        label: 'Nombre',
        help: 'El nombre que el widget muestra junto al logo y en los correos.',
        edit: { kind: 'text', empty: 'empty' },
      },
      {
        path: 'logo_url',
        label: 'URL del logo',
        help: 'Una imagen https del socio. Vacío: sin logo.',
        edit: { kind: 'text', empty: 'null' },
      },
      {
        path: 'country',
        label: 'País',
        help: 'El país de su catálogo, sus precios y su moneda.',
        edit: {
          kind: 'select',
          options: [
            { value: 'cl', label: 'Chile' },
            { value: 'mx', label: 'México' },
          ],
        },
      },
      {
        path: 'sales_source',
        label: 'Fuente de venta',
        help: 'La clave de sus precios, cupones y cobertura; varios socios pueden compartirla (marketplace si no tiene propios).',
        edit: { kind: 'text', empty: 'empty' },
      },
    ],
  },
  {
    title: 'Widget embebido en el sitio del socio (sdk_config_v2)',
    fields: modeFields('sdk_config_v2'),
    mode: { path: 'sdk_config_v2', name: 'del widget embebido' },
  },
  {
    title: 'Consola del personal del socio (laas_config_v2)',
    fields: modeFields('laas_config_v2'),
    mode: { path: 'laas_config_v2', name: 'de la consola del personal' },
  },
  {
    title: 'Flujo de la reserva',
    fields: [
      {
        path: 'show_results',
        label: 'Punto de resultados',
        help: 'La introducción muestra su tercer punto: los resultados llegan por correo.',
        edit: bool,
      },
      {
        path: 'show_tyc',
        label: 'Aceptar términos',
        help: 'La introducción pide aceptar los términos antes de continuar.',
        edit: bool,
      },
      {
        path: 'is_last_mile',
        label: 'Última milla',
        help: 'Las reservas del personal llevan folio y monto de última milla.',
        edit: bool,
      },
      {
        path: 'default_patient_email',
        label: 'Correo por defecto del paciente',
        help: 'Se usa cuando el paciente no da correo. Vacío: ninguno.',
        edit: { kind: 'text', empty: 'null' },
      },
      {
        path: 'max_patients_per_appointment',
        label: 'Pacientes por cita',
        help: 'Cuántas personas caben en una visita (1 a 50). Vacío: el valor del producto.',
        edit: { kind: 'number', empty: 'null' },
      },
      {
        path: 'extra_amount',
        label: 'Monto adicional',
        help: 'Se suma a cada cita, en pesos sin decimales.',
        edit: { kind: 'number', empty: 'omit' },
      },
      {
        path: 'origins',
        label: 'Orígenes',
        help: 'Las opciones del paso de origen cuando no hay receptores; cada una es su id y su nombre.',
        edit: { kind: 'list', of: 'text', row: 'origen', item: 'Origen', empty: 'list' },
      },
      {
        path: 'receivers',
        label: 'Receptores',
        help: 'Las opciones del paso de origen en la consola del personal: quién deriva al paciente.',
        edit: nested('receivers'),
      },
      {
        path: 'steps',
        label: 'Pasos del socio',
        help: 'Pasos que el socio activa en su flujo; "split-payment" activa el pago compartido con la empresa.',
        edit: nested('partner-steps'),
      },
    ],
  },
  {
    title: 'Después de la reserva',
    fields: [
      {
        path: 'profile.cancellation_cutoff_hours',
        label: 'Horas límite para cancelar o mover',
        help: 'Hasta cuántas horas antes de la visita la persona puede cancelarla o moverla (0 a 336).',
        edit: { kind: 'number', empty: 'omit' },
      },
      {
        path: 'profile.booking_emails',
        label: 'Correos de la reserva',
        help: 'Confirmación, cambios y recordatorio por correo.',
        edit: bool,
      },
      {
        path: 'profile.webhook',
        label: 'Webhook',
        help: 'La dirección del socio que recibe los eventos de cada reserva, firmados con el secreto. Sin webhook: no se avisa nada.',
        edit: nested('webhook'),
      },
    ],
  },
  {
    title: 'Reglas del flujo (profile.rules)',
    fields: [
      {
        path: 'profile.rules.starts_at_first_step',
        label: 'Empieza siempre en el primer paso',
        help: 'Aunque el enlace traiga servicios o un carrito.',
        edit: bool,
      },
      {
        path: 'profile.rules.confirmation_back_to_date',
        label: 'Volver a la fecha desde la confirmación',
        help: '"Volver" en la confirmación lleva al paso de fecha.',
        edit: bool,
      },
      {
        path: 'profile.rules.skips_payment_and_closes',
        label: 'Termina en la confirmación',
        help: 'Sin paso de pago; la página del socio recibe un evento de cierre.',
        edit: bool,
      },
      {
        path: 'profile.rules.close_restarts',
        label: 'Cerrar reinicia',
        help: 'Cerrar el widget empieza de nuevo en el primer paso (consolas del personal).',
        edit: bool,
      },
      {
        path: 'profile.rules.exams_paid_at_home',
        label: 'Exámenes pagados en el domicilio',
        help: 'Regla de toda la fuente de venta: el precio de los exámenes se paga en la visita.',
        edit: bool,
      },
      {
        path: 'profile.rules.exam_price_at_home',
        label: 'Precio "A calcular en domicilio"',
        help: 'Las listas y la confirmación no muestran el precio de los exámenes.',
        edit: bool,
      },
      {
        path: 'profile.rules.confirmation_display_names',
        label: 'Nombres para mostrar en la confirmación',
        help: 'La confirmación lista los servicios por su nombre para mostrar.',
        edit: bool,
      },
      {
        path: 'profile.rules.out_of_coverage_closes',
        label: 'Sin cobertura cierra',
        help: 'Una dirección sin cobertura cierra el widget y avisa a la página del socio.',
        edit: bool,
      },
      {
        path: 'profile.rules.origin_other',
        label: 'Origen "Otro"',
        help: 'El paso de origen ofrece "Otro" con su texto.',
        edit: bool,
      },
      {
        path: 'profile.rules.loader_image',
        label: 'Imagen al cargar',
        help: 'La pantalla de carga muestra la imagen de Visita.',
        edit: bool,
      },
      {
        path: 'profile.rules.extra_service_ids',
        label: 'Servicios fijos',
        help: 'Servicios que toda visita incluye: se suman a cada búsqueda de horas. Sin filas: ninguno.',
        edit: nested('extra-service-ids'),
      },
      {
        path: 'profile.rules.payment_methods',
        label: 'Medios de pago',
        help: 'Los medios que el paso de pago ofrece, en este orden. Sin filas: los del país.',
        edit: nested('payment-methods'),
      },
      {
        path: 'profile.rules.fund',
        label: 'Caja de compensación',
        help: 'Socio que es una caja: quién puede reservar y qué una vez por afiliado. Regla de toda la fuente de venta.',
        edit: nested('fund'),
      },
      {
        path: 'profile.rules.company_pays',
        label: 'La empresa paga',
        help: 'Pago compartido: los exámenes que la empresa paga a las personas de su nómina, y hasta cuánto.',
        edit: nested('company-pays'),
      },
    ],
  },
  {
    title: 'Textos del socio (profile.copy)',
    fields: [
      {
        path: 'profile.copy.introduction.title',
        label: 'Título de la introducción',
        help: 'Reemplaza el del país. Vacío: el del país.',
        edit: optionalText,
      },
      {
        path: 'profile.copy.introduction.subtitle',
        label: 'Subtítulo de la introducción',
        help: 'Vacío: el del país.',
        edit: { kind: 'text', empty: 'omit', multiline: true },
      },
      {
        path: 'profile.copy.introduction.points',
        label: 'Puntos de la introducción',
        help: 'Exactamente tres, en orden. Sin filas: los del país.',
        edit: { kind: 'list', of: 'text', row: 'punto', item: 'Punto', empty: 'omit', max: 3 },
      },
      {
        path: 'profile.copy.introduction.online_point',
        label: 'Primer punto sin orden médica',
        help: 'El primer punto para socios sin órdenes médicas. Vacío: el del país.',
        edit: optionalText,
      },
      {
        path: 'profile.copy.introduction.omit_third_point',
        label: 'Sin punto de resultados',
        help: 'Quita el tercer punto (el socio no entrega resultados).',
        edit: bool,
      },
      {
        path: 'profile.copy.introduction.cta',
        label: 'Botón de la introducción',
        help: 'El texto del botón para empezar. Vacío: el del país.',
        edit: optionalText,
      },
      {
        path: 'profile.copy.steps',
        label: 'Textos por paso',
        help: 'Título, subtítulo y botón de un paso en vez de los del país; lo que quede vacío sigue siendo el del país.',
        edit: nested('step-copy'),
      },
      {
        path: 'profile.copy.price_disclaimer',
        label: 'Nota de precios',
        help: 'Bajo los precios de los servicios. Vacío: ninguna.',
        edit: nullableText,
      },
      {
        path: 'profile.copy.confirmation_warning',
        label: 'Aviso en la confirmación',
        help: 'Vacío: ninguno.',
        edit: nullableText,
      },
      {
        path: 'profile.copy.results_delivery',
        label: 'Entrega de resultados',
        help: 'En la pantalla de éxito; {hours} es el plazo de resultados del carrito.',
        edit: nullableText,
      },
      {
        path: 'profile.copy.referral_amount',
        label: 'Línea de referidos',
        help: 'Bajo el cupón; {amount} es el monto de referido del país.',
        edit: nullableText,
      },
      {
        path: 'profile.copy.company_events',
        label: 'Eventos de empresa',
        help: 'En servicios: cómo reserva un grupo de más de 10 personas.',
        edit: nullableText,
      },
      {
        path: 'profile.copy.refund_note',
        label: 'Nota de reembolso',
        help: 'En "Tu reserva", al cancelar.',
        edit: nullableText,
      },
    ],
  },
  {
    title: 'Términos, ayuda y pie',
    fields: [
      {
        path: 'profile.terms',
        label: 'Términos y condiciones',
        help: 'Los términos propios del socio, que muestra el paso de términos (la introducción los enlaza).',
        edit: nested('terms'),
      },
      {
        path: 'profile.help',
        label: 'Caja de ayuda',
        help: 'La pregunta, el contacto y el horario de la caja de ayuda del widget. Sin caja propia: la del país.',
        edit: nested('help'),
      },
      {
        path: 'profile.footer',
        label: 'Pie del widget',
        help: '"Operado por", "En alianza con" o sin pie (ni caja de ayuda).',
        edit: {
          kind: 'select',
          options: [
            { value: 'operated', label: 'Operado por' },
            { value: 'alliance', label: 'En alianza con' },
            { value: 'none', label: 'Sin pie' },
          ],
        },
      },
    ],
  },
];
