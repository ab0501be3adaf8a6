import { describe, expect, it } from 'vitest';
import { groupAcross, groupViolations, junitReport, type Result } from './report.ts';

describe('the report', () => {
  it('groups one answer’s repeated violations', () => {
    expect(
      groupViolations([
        { location: ['response', 'body'], message: "Response body must have required property 'a'" },
        { location: ['response', 'body'], message: "Response body must have required property 'b'" },
        { location: ['response', 'body', 'factors', '0', 'status'], message: 'Response body property factors.0.status must be string' },
        { location: ['response', 'body', 'factors', '1', 'status'], message: 'Response body property factors.1.status must be string' },
        { location: ['response', 'body', 'x'], message: 'must be string' },
      ]),
    ).toEqual([
      "response.body: Response body must have required property 'a', 'b' (×2)",
      'response.body.factors.*.status: Response body property factors.*.status must be string (×2)',
      'response.body.x: must be string',
    ]);
  });

  it('says a problem several operations share once, leaving addresses and versions as they are', () => {
    const failed = (operation: string, detail: string): Result => ({ operation, request: `GET /${operation}`, result: 'failed', detail });
    const refused = 'no answer from the backend (Prism: request to http://127.0.0.1:4999/a failed, reason: connect ECONNREFUSED 127.0.0.1:4999)';
    expect(groupAcross([failed('a', refused), failed('a', refused), failed('b', refused), failed('c', 'needs 5.16.0; x.12.y')])).toEqual([
      '2 operations (3 requests): no answer from the backend (Prism: request to … failed, reason: connect ECONNREFUSED 127.0.0.1:4999)\n    a, b',
    ]);
  });

  it('leaves the answers’ bodies out of the JUnit report unless asked for them', () => {
    const results: Result[] = [
      { operation: 'getProfile', request: 'GET /p', result: 'failed', status: 500, detail: 'answered 500', body: '{"displayName":"Chan Tai Man"}' },
      { operation: 'getLog', request: 'GET /l', result: 'passed', status: 200, detail: '' },
    ];
    const plain = junitReport(results, 'https://backend.test.example');
    expect(plain).toContain('<failure message="status 500: answered 500">GET /p\nstatus 500\nanswered 500</failure>');
    expect(plain).not.toContain('Chan Tai Man');
    expect(junitReport(results, 'https://backend.test.example', true)).toContain('answered 500: {&quot;displayName&quot;:&quot;Chan Tai Man&quot;}');
  });
});
