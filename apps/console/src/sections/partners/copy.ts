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
  jsonInvalid: 'No es JSON válido.',
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

/** How a field is edited and what an empty value means. */
type FieldKind =
  | { kind: 'text'; empty: 'null' | 'omit' | 'empty'; multiline?: boolean }
  | { kind: 'number'; empty: 'null' | 'omit' }
  | { kind: 'bool' }
  | { kind: 'color' }
  | { kind: 'select'; options: { value: string; label: string }[]; empty?: 'null' | 'omit' }
  | { kind: 'lines'; empty: 'omit' | 'empty' }
  | { kind: 'json' };

export interface FieldSpec {
  /** Where the value is in the document (`profile.rules.fund`); the API's 400 names fields so. */
  path: string;
  label: string;
  /** What the field does, in a sentence. */
  help: string;
  edit: FieldKind;
}

export interface FieldGroup {
  title: string;
  fields: FieldSpec[];
}

const bool = { kind: 'bool' } as const;
const color = { kind: 'color' } as const;
const optionalText = { kind: 'text', empty: 'omit' } as const;
const nullableText = { kind: 'text', empty: 'null', multiline: true } as const;
const json = { kind: 'json' } as const;

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
      bool,
    ),
    f(
      'fullPageAvailable',
      'Página completa',
      'Fuera de un iframe el widget ocupa la página; desmarcado, se muestra como ventana.',
      bool,
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
      'Una por línea: self-service (agendar) y/o medical-order (orden médica). Vacío: las dos.',
      { kind: 'lines', empty: 'omit' },
    ),
    f(
      'customFlow',
      'Pasos propios',
      'Una lista de pasos que reemplaza la del producto, un id por línea (address, services, date…). Vacío: la del producto.',
      { kind: 'lines', empty: 'omit' },
    ),
    f(
      'steps',
      'Pasos (lectura antigua)',
      'La misma lista de pasos con su nombre antiguo, un id por línea. Vacío: sin lista.',
      { kind: 'lines', empty: 'omit' },
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
  { title: 'Widget embebido en el sitio del socio (sdk_config_v2)', fields: modeFields('sdk_config_v2') },
  { title: 'Consola del personal del socio (laas_config_v2)', fields: modeFields('laas_config_v2') },
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
        help: 'Las opciones del paso de origen, una por línea (sin receptores, cada una es su id y su nombre).',
        edit: { kind: 'lines', empty: 'empty' },
      },
      {
        path: 'receivers',
        label: 'Receptores',
        help: 'JSON: la lista [{"id": …, "name": "…"}] del paso de origen del personal.',
        edit: json,
      },
      {
        path: 'steps',
        label: 'Pasos del socio',
        help: 'JSON: [{"value": "split-payment"}] activa el pago compartido con la empresa.',
        edit: json,
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
        help: 'JSON {"url", "secret", "include_personal_data"} o null. Deja el secreto enmascarado para conservar el guardado.',
        edit: json,
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
        help: 'JSON: ids de servicios que toda visita incluye, como [12].',
        edit: json,
      },
      {
        path: 'profile.rules.payment_methods',
        label: 'Medios de pago',
        help: 'JSON: los medios ofrecidos en orden ("debit", "mercadopago", "home", "mx-mercadopago"), o null para los del país.',
        edit: json,
      },
      {
        path: 'profile.rules.fund',
        label: 'Caja de compensación',
        help: 'JSON {"name", "affiliation_check", "once_per_patient_items", "close_warning"} o null. Regla de toda la fuente de venta.',
        edit: json,
      },
      {
        path: 'profile.rules.company_pays',
        label: 'La empresa paga',
        help: 'JSON {"items": [slugs], "cap_per_person"} o null: los exámenes que la empresa paga a su nómina.',
        edit: json,
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
        help: 'Exactamente tres líneas, una por punto. Vacío: los del país.',
        edit: { kind: 'lines', empty: 'omit' },
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
        help: 'JSON por paso (address, services, date, confirmation, payment, success): {"title", "subtitle", "cta"}.',
        edit: json,
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
        help: 'JSON {"title", "intro", "sections": [{"heading", "paragraphs", "items"}]} o null.',
        edit: json,
      },
      {
        path: 'profile.help',
        label: 'Caja de ayuda',
        help: 'JSON {"question", "action": {"kind": "whatsapp|phone|email", "label", "href"}, "hours"} o null para la del país.',
        edit: json,
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
