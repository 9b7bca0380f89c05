import nodemailer from 'nodemailer';
import { type Mailer, toNodemailer } from './mailer.ts';

/** MAIL=smtp: delivered through the server SMTP_URL names (smtp://user:pass@host:587, smtps://…). */
export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
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
