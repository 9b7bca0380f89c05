import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { type Mailer, toNodemailer } from './mailer.ts';

/**
 * MAIL=fs, the default: every message is written whole (headers, both bodies, attachments) as an
 * `.eml` file in DATA_DIR/mail, so the embedded setup shows exactly what would be sent, and any
 * mail client opens it. Written to a temporary name and renamed, so a reader never sees half.
 */
export function createFsMailer(dataDir: string): Mailer & { dir: string } {
  const dir = join(dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'fs',
    dir,
    async send(message) {
      const info = await transport.sendMail(toNodemailer(message));
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const temporary = join(dir, `.${name}.tmp`);
      await writeFile(temporary, info.message as Buffer);
      await rename(temporary, join(dir, name));
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}
