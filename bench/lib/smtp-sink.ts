import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the sink received it. */
export interface ReceivedMail {
  /** When its last byte arrived (Date.now()): the moment it was delivered, as a mail server sees it. */
  at: number;
  /** Without the angle brackets: the server sends `<outbox event id>@visita`. */
  messageId: string;
  subject: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** Resolves when `predicate` holds of the received messages, or false after `timeoutMs`. */
  waitFor(predicate: (received: ReceivedMail[]) => boolean, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** A header's value from a message's header block, unfolded (continuation lines joined). */
function header(head: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim() ?? '';
}

/**
 * A mail server in this process that accepts every message and keeps when it arrived and its
 * Message-ID: the API sends to it (MAIL=smtp) as it would to a real relay, so a delivery costs
 * what it costs in production (rendering, a connection, the SMTP dialogue), and the arrival is
 * timed on the same clock as the load generator's requests. Only the header block is read: the
 * body is not parsed, so the sink stays cheap next to the server it measures.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The worker delivers one at a time today; room for several workers if that changes.
    maxClients: 100,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const at = Date.now();
        const text = Buffer.concat(chunks).toString('utf8');
        const end = text.search(/\r?\n\r?\n/);
        const head = end === -1 ? text : text.slice(0, end);
        received.push({
          at,
          messageId: header(head, 'Message-ID').replace(/^<|>$/g, ''),
          subject: header(head, 'Subject'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(predicate, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
