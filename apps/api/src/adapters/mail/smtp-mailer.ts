import nodemailer from 'nodemailer';
import { type Mailer, toNodemailer } from './mailer.ts';

/** MAIL=smtp: delivered through the server SMTP_URL names (smtp://user:pass@host:587, smtps://…). */
export function createSmtpMailer(smtpUrl: string): Mailer {
  // Bounded waits, shorter than the outbox's claim on the event (OUTBOX_LEASE_MS, 60 s): a server
  // that stops answering fails this attempt before another worker may take the event over.
  const url = new URL(smtpUrl);
  // Pooled: the outbox sends several e-mails at once and one after another; a new connection and
  // TLS handshake per message was most of each delivery's time.
  for (const [name, value] of Object.entries({
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    pool: true,
    maxConnections: 5,
  }))
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
  const transport = nodemailer.createTransport(url.toString());
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail(toNodemailer(message));
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}
