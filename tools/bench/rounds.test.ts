import { describe, expect, it } from 'vitest';
import { longestChain } from './rounds.ts';

const request = (url: string, start: number, end: number) => ({ url, type: 'Other', start, end });

describe('request rounds', () => {
  it('counts requests started together as one round', () => {
    const chain = longestChain([
      request('/', 0, 0.15),
      request('/entry.js', 0.16, 0.31),
      request('/route.js', 0.32, 0.47),
      request('/api/v1/user/profile', 0.33, 0.48),
      request('/api/v1/user/factor', 0.34, 0.49),
    ]);
    expect(chain.rounds).toBe(3);
    expect(chain.requests).toBe(5);
    expect(chain.chain.map((r) => r.url)).toEqual(['/', '/entry.js', '/api/v1/user/factor']);
    expect(chain.chain.map((r) => [r.startMs, r.endMs])).toEqual([
      [0, 150],
      [160, 310],
      [340, 490],
    ]);
  });

  it('names the predecessor that finished last among equally deep ones', () => {
    const chain = longestChain([request('/a', 0, 0.1), request('/b', 0, 0.2), request('/c', 0.3, 0.4)]);
    expect(chain.chain.map((r) => r.url)).toEqual(['/b', '/c']);
  });

  it('has no rounds without requests', () => {
    expect(longestChain([])).toEqual({ rounds: 0, requests: 0, chain: [], all: [] });
  });
});
