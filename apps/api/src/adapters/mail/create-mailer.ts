import type { Config } from '../../config.ts';
import { createFsMailer } from './fs-mailer.ts';
import type { Mailer } from './mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/** The transport MAIL names; config.ts has already required SMTP_URL for smtp. */
export function createMailer(config: Pick<Config, 'MAIL' | 'SMTP_URL' | 'DATA_DIR'>): Mailer {
  if (config.MAIL === 'smtp') {
    if (!config.SMTP_URL) throw new Error('MAIL=smtp needs SMTP_URL');
    return createSmtpMailer(config.SMTP_URL);
  }
  return createFsMailer(config.DATA_DIR);
}
