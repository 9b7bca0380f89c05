/** The bearer token the metrics tests start the app with. */
export const METRICS_TOKEN = 'metrics-test-token-5f0c2a9e81b74d36a1c8e2f4';

/** A sample's value in the Prometheus exposition text, 0 when absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{([^}]*)\}/.exec(line)?.[1] ?? '';
    if (wanted.every((pair) => labelText.split(',').includes(pair))) return Number(line.split(' ').at(-1));
  }
  return 0;
}
