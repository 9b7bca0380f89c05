/** One e-mail as Visita sends it: always both a plain-text and an HTML body. */
export interface MailMessage {
  from: string;
  to: readonly string[];
  subject: string;
  text: string;
  html: string;
  attachments?: readonly { filename: string; content: string; contentType: string }[];
  /** Stable per outbox event, so a message delivered twice is recognisable as the same one. */
  messageId?: string;
}

/** Where e-mail goes: files in DATA_DIR/mail (MAIL=fs) or an SMTP server (MAIL=smtp). */
export interface Mailer {
  kind: 'fs' | 'smtp';
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

/** nodemailer's options for a message; attachments copied because nodemailer wants them mutable. */
export const toNodemailer = (message: MailMessage) => ({
  from: message.from,
  to: [...message.to],
  subject: message.subject,
  text: message.text,
  html: message.html,
  messageId: message.messageId,
  attachments: (message.attachments ?? []).map((a) => ({ ...a })),
});
