// The e2e run's mail server: a real SMTP server (smtp-server) the API delivers booking e-mails to,
// with a small HTTP endpoint the tests read them from. Started by playwright.config.ts.
import { createServer } from 'node:http';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 4325);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 4326);
const received: ParsedMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => received.push(mail))
      .then(() => callback(), callback);
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((request, response) => {
  if (request.url === '/health') {
    response.writeHead(200).end('ok');
    return;
  }
  const messages = received.map((mail) => ({
    to: (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) =>
      to.value.map((v) => v.address),
    ),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    attachments: mail.attachments.map((a) => ({
      contentType: a.contentType,
      content: a.content.toString('utf8'),
    })),
  }));
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
}).listen(httpPort, '127.0.0.1');
