import { describe, expect, it } from 'vitest';
import { likeContaining, likePrefix } from './like.ts';

describe('LIKE patterns from typed text', () => {
  it('takes the wildcards and the escape character literally', () => {
    expect(likePrefix('50%_a\\b')).toBe('50\\%\\_a\\\\b%');
    expect(likeContaining('ana_')).toBe('%ana\\_%');
    expect(likeContaining('')).toBe('%%');
  });
});
