import type { CountryCode } from '@visita/domain/locale';
import { localeFromCountry } from '@visita/domain/locale';
import { formatCurrency } from '@visita/domain/money';
import { partnerPalette } from '@visita/domain/theme';

/** What a booking e-mail says: read from the appointment once it changed, never from a request. */
export interface BookingEmail {
  kind: 'confirmed' | 'rescheduled' | 'nurse_changed' | 'cancelled' | 'reminder' | 'refunded';
  partner: { name: string; mainColor: string | null };
  country: CountryCode;
  /** The short reference a person quotes on the phone. */
  reference: string;
  /** The sector's time zone: the visit is told in the time of the place the nurse goes to. */
  timeZone: string;
  /** The arrival window, as instants; null for a refund whose visit's block is gone. */
  begin: Date | null;
  end: Date | null;
  address: { line: string; apartment: string | null; additionalInfo: string | null };
  patients: readonly {
    name: string;
    services: readonly { name: string; fastingHours: number | null }[];
  }[];
  /** collected: what the staff recorded as paid at the address. */
  amounts: { paidOnline: number; payAtHome: number; collected?: number; refunded?: number };
  /** Opens the widget on 'Tu reserva' for this appointment (its id and token). */
  manageUrl: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const SUBJECTS: Record<BookingEmail['kind'], string> = {
  confirmed: 'Tu visita a domicilio está confirmada',
  rescheduled: 'Cambiamos la fecha de tu visita a domicilio',
  nurse_changed: 'Otra profesional hará tu visita a domicilio',
  cancelled: 'Tu visita a domicilio fue cancelada',
  reminder: 'Mañana te visitamos',
  refunded: 'Devolvimos tu pago',
};

const LEADS: Record<BookingEmail['kind'], string> = {
  confirmed: 'Tu reserva quedó confirmada. Estos son los detalles de la visita.',
  rescheduled: 'Tu visita tiene una nueva fecha y hora. Estos son los detalles.',
  nurse_changed:
    'Tu visita sigue en la misma fecha y hora; la hará otra profesional de nuestro equipo. Estos son los detalles.',
  cancelled: 'Cancelamos tu visita. No iremos a la dirección indicada.',
  reminder: 'Te recordamos que mañana te visitamos. Estos son los detalles.',
  refunded:
    'Tu pago se aprobó cuando la hora que habías reservado ya no estaba disponible, así que no quedó agendada y devolvimos el monto completo a tu tarjeta. Puedes reservar una nueva hora cuando quieras.',
};

/** Formatters per locale and zone: making one costs far more than formatting with it. */
const formatters = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formattersFor(code: string, timeZone: string) {
  const key = `${code}|${timeZone}`;
  let kept = formatters.get(key);
  if (!kept) {
    kept = {
      day: new Intl.DateTimeFormat(code, {
        timeZone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
      time: new Intl.DateTimeFormat(code, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    };
    formatters.set(key, kept);
  }
  return kept;
}

/** 'lunes 30 de noviembre de 2026' and 'entre 09:00 y 10:00', in the sector's zone. */
export function visitWhen(email: Pick<BookingEmail, 'country' | 'timeZone' | 'begin' | 'end'>): {
  day: string;
  window: string;
} | null {
  if (!email.begin || !email.end) return null;
  const { code } = localeFromCountry(email.country);
  const { day: dayFormat, time } = formattersFor(code, email.timeZone);
  const day = dayFormat.format(email.begin).replace(',', '');
  return { day, window: `entre ${time.format(email.begin)} y ${time.format(email.end)}` };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Every text from the database is escaped: a patient's name is never markup. */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

function fastingNote(hours: number | null): string | null {
  return hours && hours > 0 ? `requiere ayuno de ${hours} horas.` : null;
}

function addressLine(address: BookingEmail['address']): string {
  return [address.line, address.apartment && `depto. ${address.apartment}`, address.additionalInfo]
    .filter(Boolean)
    .join(', ');
}

/** The e-mail in the partner's name and colour, as HTML and as plain text. */
export function renderBookingEmail(email: BookingEmail): RenderedEmail {
  const when = visitWhen(email);
  const money = (amount: number) => formatCurrency(amount, email.country);
  const where = addressLine(email.address);
  const payments = [
    email.amounts.refunded ? `Devuelto a tu tarjeta: ${money(email.amounts.refunded)}` : null,
    email.amounts.paidOnline > 0 ? `Pagado en línea: ${money(email.amounts.paidOnline)}` : null,
    email.amounts.collected ? `Pagado en el domicilio: ${money(email.amounts.collected)}` : null,
    email.amounts.payAtHome > 0 ? `A pagar en el domicilio: ${money(email.amounts.payAtHome)}` : null,
  ].filter((line): line is string => line !== null);
  // Nothing left to manage: a cancelled visit, or a payment refunded because its visit was not booked.
  const cancelled = email.kind === 'cancelled' || email.kind === 'refunded';
  const subject = `${SUBJECTS[email.kind]} · ${email.partner.name}`;

  const text = [
    `${email.partner.name}`,
    '',
    LEADS[email.kind],
    '',
    `Reserva: ${email.reference}`,
    ...(when ? [`Fecha: ${when.day}`, `Hora de llegada: ${when.window}`] : []),
    `Dirección: ${where}`,
    '',
    ...email.patients.flatMap((patient) => [
      `${patient.name}:`,
      ...patient.services.map((service) => {
        const fasting = fastingNote(service.fastingHours);
        return `  - ${service.name}${fasting ? `, ${fasting}` : ''}`;
      }),
    ]),
    ...(payments.length > 0 && (!cancelled || email.amounts.refunded) ? ['', ...payments] : []),
    ...(cancelled ? [] : ['', `Ver, cambiar o cancelar tu reserva: ${email.manageUrl}`]),
    '',
    `Este correo fue enviado por ${email.partner.name} a través de Visita.`,
  ].join('\n');

  const palette = partnerPalette(email.partner.mainColor, null);
  const e = escapeHtml;
  const patientsHtml = email.patients
    .map(
      (patient) =>
        `<h3 style="margin:16px 0 4px;font-size:16px">${e(patient.name)}</h3><ul style="margin:0;padding-left:20px">${patient.services
          .map((service) => {
            const fasting = fastingNote(service.fastingHours);
            return `<li>${e(service.name)}${fasting ? `, <strong>${e(fasting)}</strong>` : ''}</li>`;
          })
          .join('')}</ul>`,
    )
    .join('');
  const row = (label: string, value: string) =>
    `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${e(label)}</th><td style="padding:4px 0">${e(value)}</td></tr>`;
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff">
<div style="background:${palette.main};color:${palette.onMain};padding:16px 24px;font-size:20px;font-weight:700">${e(email.partner.name)}</div>
<div style="padding:24px">
<h1 style="font-size:22px;margin:0 0 8px;color:${palette.mainStrong}">${e(SUBJECTS[email.kind])}</h1>
<p style="margin:0 0 16px">${e(LEADS[email.kind])}</p>
<table role="presentation" style="border-collapse:collapse">
${row('Reserva', email.reference)}
${when ? `${row('Fecha', when.day)}\n${row('Hora de llegada', when.window)}` : ''}
${row('Dirección', where)}
</table>
<h2 style="font-size:18px;margin:24px 0 0">Pacientes y servicios</h2>
${patientsHtml}
${payments.length > 0 && (!cancelled || email.amounts.refunded) ? `<h2 style="font-size:18px;margin:24px 0 8px">Pago</h2><p style="margin:0">${payments.map(e).join('<br>')}</p>` : ''}
${cancelled ? '' : `<p style="margin:24px 0"><a href="${e(email.manageUrl)}" style="display:inline-block;background:${palette.main};color:${palette.onMain};padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:700">Ver, cambiar o cancelar tu reserva</a></p>`}
<p style="font-size:13px;color:#4b5563">Este correo fue enviado por ${e(email.partner.name)} a través de Visita.</p>
</div></div></body></html>`;
  return { subject, text, html };
}
