import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Db } from '../../db/database.ts';
import type { ClaimedEvent } from '../outbox/queries.ts';
import { findOperatorById, insertPasswordReset } from './auth-queries.ts';
import { newResetToken, RESET_LINK_MS } from './auth.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * Sends an operator the link to choose a new password. The link is made here, when the e-mail
 * goes, so the outbox never holds it; a resend (the outbox delivers at least once) makes another
 * link, each good for 30 minutes and one use. An account deactivated since gets nothing.
 */
export async function deliverPasswordResetEmail(
  context: { db: Db; mailer: Mailer; publicUrl: string; mailFrom: string },
  event: Pick<ClaimedEvent, 'id' | 'payload'>,
  now = new Date(),
): Promise<void> {
  const operatorId = (event.payload as { operator_id?: unknown }).operator_id;
  if (typeof operatorId !== 'string') return;
  const operator = await findOperatorById(context.db, operatorId);
  if (!operator?.active) return;
  const { token, tokenHash } = newResetToken();
  await insertPasswordReset(context.db, {
    tokenHash,
    operatorId,
    expiresAt: new Date(now.getTime() + RESET_LINK_MS),
  });
  const link = new URL('/console/restablecer', context.publicUrl);
  link.searchParams.set('token', token);
  const url = link.toString();
  const lines = [
    `Hola, ${operator.name}:`,
    'Pediste restablecer tu contraseña de la consola de Visita. Abre este enlace para elegir una nueva; sirve una sola vez y vence en 30 minutos:',
    url,
    'Si no lo pediste, ignora este correo: tu contraseña sigue igual.',
  ];
  await context.mailer.send({
    from: `"Visita" <${context.mailFrom}>`,
    to: [operator.email],
    subject: 'Restablece tu contraseña de la consola de Visita',
    text: lines.join('\n\n'),
    html: [
      `<p>${escapeHtml(lines[0] ?? '')}</p>`,
      `<p>${escapeHtml(lines[1] ?? '')}</p>`,
      `<p><a href="${escapeHtml(url)}">Elegir una contraseña nueva</a></p>`,
      `<p>${escapeHtml(lines[3] ?? '')}</p>`,
    ].join('\n'),
    messageId: `<${event.id}@visita>`,
  });
}
