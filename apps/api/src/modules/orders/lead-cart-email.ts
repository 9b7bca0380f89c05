import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Db } from '../../db/database.ts';
import { keptClient } from '../clients/kept-clients.ts';
import type { ClaimedEvent } from '../outbox/queries.ts';

/** The outbox topic of a lead's cart-link e-mail (POST /console/leads/:id/cart). */
export const LEAD_CART_LINK_TOPIC = 'lead.cart_link';

/** The widget's link that opens a cart maker: `<public url>/<client>?cart-maker=<id>`. */
export function cartMakerUrl(publicUrl: string, clientId: string | null, cartMakerId: string): string {
  const url = new URL(`/${encodeURIComponent(clientId ?? '')}`, publicUrl);
  url.searchParams.set('cart-maker', cartMakerId);
  return url.toString();
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** What the cart-link e-mail says (subject, text and HTML), from the partner's name and the link. */
function renderLeadCartEmail(partnerName: string, url: string) {
  const lines = [
    'Hola:',
    `Revisamos la orden médica que nos enviaste. Preparamos tu carrito con los exámenes que indica: ábrelo en este enlace para ver el detalle y el precio, elegir el día y la hora de la visita y reservar.`,
    url,
    'Si tienes dudas, responde a este correo.',
    `Equipo ${partnerName}`,
  ];
  return {
    subject: 'Tu cotización está lista: reserva tu visita a domicilio',
    text: lines.join('\n\n'),
    html: [
      `<p>${escapeHtml(lines[0] ?? '')}</p>`,
      `<p>${escapeHtml(lines[1] ?? '')}</p>`,
      `<p><a href="${escapeHtml(url)}">Ver mi carrito y reservar</a></p>`,
      `<p>${escapeHtml(lines[3] ?? '')}</p>`,
      `<p>${escapeHtml(lines[4] ?? '')}</p>`,
    ].join('\n'),
  };
}

/**
 * The cart link of a lead (POST /console/leads/:id/cart), e-mailed to the person who uploaded the
 * order; the outbox delivers it at least once (the same message id each time).
 */
export async function deliverLeadCartEmail(
  context: { db: Db; mailer: Mailer; publicUrl: string; mailFrom: string },
  event: Pick<ClaimedEvent, 'id' | 'payload' | 'clientId'>,
): Promise<void> {
  const payload = event.payload as { to?: unknown; cart_maker_id?: unknown };
  if (typeof payload.to !== 'string' || typeof payload.cart_maker_id !== 'string') return;
  const client = event.clientId ? await keptClient(context.db, event.clientId) : undefined;
  const partnerName = client?.name ?? 'Visita';
  const rendered = renderLeadCartEmail(
    partnerName,
    cartMakerUrl(context.publicUrl, event.clientId, payload.cart_maker_id),
  );
  await context.mailer.send({
    from: `"${partnerName.replaceAll('"', '')}" <${context.mailFrom}>`,
    to: [payload.to],
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    messageId: `<${event.id}@visita>`,
  });
}
