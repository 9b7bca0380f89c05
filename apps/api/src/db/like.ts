/**
 * LIKE patterns from what a person typed: `\`, `%` and `_` are taken literally (PostgreSQL's
 * default escape character is the backslash), so a search for "50%" finds "50%", not everything.
 */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches values starting with `prefix`. */
export const likePrefix = (prefix: string) => `${literal(prefix)}%`;

/** Matches values containing `part`. */
export const likeContaining = (part: string) => `%${literal(part)}%`;
