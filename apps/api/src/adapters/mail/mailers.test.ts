import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsMailer } from './fs-mailer.ts';
import type { MailMessage } from './mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

const message: MailMessage = {
  from: 'Demo Salud <reservas@visita.localhost>',
  to: ['ana.perez@example.com'],
  subject: 'Tu visita a domicilio está confirmada · Demo Salud',
  text: 'Reserva: V-7K2P9QXA',
  html: '<p>Reserva: <strong>V-7K2P9QXA</strong></p>',
  attachments: [
    { filename: 'visita.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar' },
  ],
  messageId: '<event-42@visita>',
};

function expectWhole(mail: ParsedMail) {
  expect(mail.subject).toBe(message.subject);
  expect(mail.text?.trim()).toBe(message.text);
  expect(mail.html).toContain('<strong>V-7K2P9QXA</strong>');
  expect(mail.messageId).toBe('<event-42@visita>');
  expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([['visita.ics', 'text/calendar']]);
}

describe('MAIL=fs', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'visita-mail-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('writes each message whole as an .eml file in DATA_DIR/mail, nothing half-written beside it', async () => {
    const mailer = createFsMailer(dataDir);
    await mailer.send(message);
    await mailer.send({ ...message, messageId: '<event-43@visita>' });
    const files = await readdir(join(dataDir, 'mail'));
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const first = files.sort()[0] ?? '';
    expectWhole(await simpleParser(await readFile(join(dataDir, 'mail', first))));
    await mailer.close();
  });
});

describe('MAIL=smtp', () => {
  const received: ParsedMail[] = [];
  const envelopes: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      envelopes.push(session.envelope.rcptTo.map((r) => r.address));
      simpleParser(stream)
        .then((mail) => received.push(mail))
        .then(() => callback(), callback);
    },
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers through a real SMTP server: recipients, both bodies, the calendar attachment', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`);
    await mailer.send(message);
    await mailer.close();
    expect(envelopes).toEqual([['ana.perez@example.com']]);
    expect(received).toHaveLength(1);
    expectWhole(received[0] as ParsedMail);
  });

  it('a refused delivery is an error the caller sees (the outbox retries it)', async () => {
    const mailer = createSmtpMailer('smtp://127.0.0.1:1');
    await expect(mailer.send(message)).rejects.toThrow();
    await mailer.close();
  });
});
