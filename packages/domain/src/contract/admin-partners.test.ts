import { describe, expect, it } from 'vitest';
import { PARTNER_ID_RESERVED_MESSAGE, partnerIdSchema, RESERVED_PARTNER_IDS } from './admin-partners.ts';

describe("a partner's id", () => {
  it("is never one of Visita's own first address segments, where its widget would be shadowed", () => {
    for (const id of RESERVED_PARTNER_IDS) {
      const result = partnerIdSchema.safeParse(id);
      expect(result.success, id).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(PARTNER_ID_RESERVED_MESSAGE);
    }
    for (const id of ['demo', 'clinica-alemana', 'console2', 'apis'])
      expect(partnerIdSchema.parse(id)).toBe(id);
  });
});
