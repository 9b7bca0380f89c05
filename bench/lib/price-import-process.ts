// The process importPricesElsewhere forks: runs the imports it is sent and sends their figures back.
import { importPricesUntil } from './price-import.ts';

process.once('message', async (message) => {
  const { baseUrl, databaseUrl, cookie, options } = message as {
    baseUrl: string;
    databaseUrl: string;
    cookie: string;
    options: { rows: number; until: number; source?: string; round?: number; pauseMs?: number };
  };
  const run = await importPricesUntil(baseUrl, databaseUrl, cookie, options);
  process.send?.(run, () => process.disconnect());
});
