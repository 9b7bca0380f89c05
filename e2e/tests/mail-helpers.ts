import { type APIRequestContext, expect } from '@playwright/test';

/** The e-mails the run's SMTP server (mail-sink.ts) received, as the tests read them. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ contentType: string; content: string }>;
}

const SINK = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 2}`;

/** Every e-mail the run's SMTP server received so far. */
export async function receivedMails(request: APIRequestContext): Promise<ReceivedMail[]> {
  return (await (await request.get(`${SINK}/messages`)).json()) as ReceivedMail[];
}

/** Waits for the e-mail that matches, delivered by the API's outbox through real SMTP. */
export async function waitForMail(
  request: APIRequestContext,
  matches: (mail: ReceivedMail) => boolean,
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await receivedMails(request)).find(matches);
        return found !== undefined;
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found as ReceivedMail;
}

/** The manage link an e-mail carries. */
export function manageLink(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\?appointment=\S+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  return link as string;
}
