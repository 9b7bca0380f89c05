import type { ClientConfig } from '@visita/domain/contract/client-config';
import type { CountryCode } from '@visita/domain/locale';
import { type CatalogueSnapshot, resolvePrice } from '../catalogue/snapshot.ts';
import type { ItemPage } from './render.ts';

/**
 * The active pack (by slug) or exam/service (by its wiki slug, else its slug) of the client's
 * country, Chile's first without a client, priced for the client's sales source; null when the
 * catalogue has none.
 */
export function findItemPage(
  snapshot: CatalogueSnapshot,
  kind: 'pack' | 'item',
  slug: string,
  client: Pick<ClientConfig, 'country' | 'sales_source'> | null,
): ItemPage | null {
  const countries: CountryCode[] = client ? [client.country] : ['cl', 'mx'];
  for (const country of countries) {
    const item = snapshot.byCountry[country].find(
      (row) =>
        row.active &&
        (kind === 'pack'
          ? row.resourcetype === null && row.slug === slug
          : row.resourcetype !== null && (row.cmsSlug ?? row.slug) === slug),
    );
    if (!item) continue;
    const price = resolvePrice(snapshot, item, { salesSource: client?.sales_source ?? null });
    const lowest =
      price.promotionPrice !== null && (price.override || item.isPromotion)
        ? price.promotionPrice
        : price.price;
    return {
      kind,
      name: item.name,
      description: item.description,
      priceFrom: lowest,
      country,
      fastHours: item.fastHours,
      resultsHours: item.resultsHours,
      resultsOnBusinessDays: item.resultsOnBusinessDays,
      includes: (snapshot.subItems.get(item.id) ?? []).map((sub) => sub.name),
    };
  }
  return null;
}
