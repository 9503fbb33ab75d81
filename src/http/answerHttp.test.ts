import { describe, expect, it } from 'vitest';
import { cachedAnswers } from './cachedAnswers.js';

describe('cachedAnswers', () => {
  it('bounds distinct junk URLs by their real cost, not only their bytes', () => {
    let calls = 0;
    const answer = cachedAnswers(
      {
        mounts: [
          { path: '/api/v2', get: () => (calls++, { status: 400, body: '{"message":"Unknown API v2 action"}' }) },
        ],
      },
      1024 * 1024,
    );
    const header = () => undefined;
    for (let i = 0; i < 10_000; i++) answer({ method: 'GET', url: `/api/v2/x${i}`, header });
    // About 1 KB each: the first of them have been evicted, the last are still there.
    expect(answer.peek('/api/v2/x0')).toBeUndefined();
    expect(answer.peek('/api/v2/x9999')).toBeDefined();
    expect(calls).toBe(10_000);
  });
});
