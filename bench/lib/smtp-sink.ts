import { type AddressInfo, createServer, type Socket } from 'node:net';

/** One message as the sink received it. */
interface ReceivedMail {
  /** When its last line arrived (Date.now()): the moment it was delivered, as a mail server sees it. */
  at: number;
  /** Without the angle brackets: the server sends `<outbox event id>@visita`. */
  messageId: string;
  subject: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** Resolves true when `predicate` holds of the received messages, or false after `timeoutMs`. */
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
 * Message-ID: the API sends to it (MAIL=smtp) as it would to a relay, so a delivery costs what it
 * costs in production (rendering, a connection, the SMTP dialogue), and the arrival is timed on
 * the same clock as the load generator's requests.
 *
 * Not the `smtp-server` package the API's tests use: it waits 100 ms after each connection before
 * greeting (to catch clients that talk too soon), and the API's mailer opens a connection per
 * e-mail, so the sink, not the API, would set the pace (about 7 e-mails/s). This one answers at
 * once, accepts only what nodemailer sends in plain SMTP (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP,
 * QUIT, with pipelining), and reads only the header block of each message.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.setEncoding('latin1');
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let data: string[] | undefined;
    socket.write('220 bench-sink ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const replies: string[] = [];
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== '.') {
            // Only the header block is kept: the body is not needed.
            if (data.at(-1) !== '') data.push(line);
            continue;
          }
          const head = data.join('\r\n');
          received.push({
            at: Date.now(),
            messageId: header(head, 'Message-ID').replace(/^<|>$/g, ''),
            subject: header(head, 'Subject'),
          });
          data = undefined;
          replies.push('250 OK: queued');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') replies.push('250-bench-sink\r\n250-PIPELINING\r\n250-8BITMIME\r\n250 SMTPUTF8');
        else if (verb === 'HELO' || verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP')
          replies.push('250 OK');
        else if (verb === 'DATA') {
          data = [];
          replies.push('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n');
          return;
        } else replies.push('502 Command not implemented');
      }
      if (replies.length > 0) socket.write(`${replies.join('\r\n')}\r\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
