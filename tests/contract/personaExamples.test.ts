// A persona's examples tell one story: what the `new-user` persona changes is something the
// `new-user` persona has. For every path parameter that names a thing of the account (a factor,
// a passkey, an app, an identity), everything is read from openapi.yaml: the list is the GET of
// the path above the parameter (`/api/v1/user/factor` for `{factorId}`), the personas are that
// list's example names, and what a persona has is every id in its list example and every id its
// own examples of the POSTs under that path create (an enrolment, a registration). A change's
// success example (of an operation on a path with the parameter) for a persona must name only ids
// that persona has, and, naming none ({status: true}), be for a persona that has something to change.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;
const spec: Node = parse(readFileSync('openapi.yaml', 'utf8'));
/** The named examples of an operation's success answers (2xx), by name (the contract writes them in place, no $ref). */
function successExamples(op: Node): Record<string, Node> {
  return Object.assign(
    {},
    ...Object.entries<Node>(op.responses ?? {})
      .filter(([status]) => status.startsWith('2'))
      .map(([, response]) =>
        Object.fromEntries(Object.entries<Node>(response.content?.['application/json']?.examples ?? {}).map(([name, ex]) => [name, ex.value])),
      ),
  );
}

const operations = Object.entries<Node>(spec.paths).flatMap(([path, item]) =>
  Object.entries<Node>(item).flatMap(([method, op]) => (op?.operationId ? [{ path, method, op }] : [])),
);

/** Every path parameter whose path above it has a GET: the parameter, that list, and the ids each persona has. */
const things = [...new Set(operations.flatMap(({ path }) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => `${path.slice(0, m.index - 1)} ${m[1]}`)))]
  .map((entry) => entry.split(' ') as [string, string])
  .flatMap(([above, param]) => {
    const list = operations.find(({ path, method }) => path === above && method === 'get');
    if (!list) return [];
    const key = (items: Node[]) => (items.some((item) => param in item) ? param : 'id');
    const has = Object.fromEntries(
      Object.entries(successExamples(list.op)).map(([persona, answer]) => {
        const items = Object.values<Node>(answer).find(Array.isArray) ?? [];
        const listed = items.flatMap((item: Node) => (item[key(items)] === undefined ? [] : [item[key(items)]]));
        const created = operations
          .filter(({ path, method }) => method === 'post' && (path === above || path.startsWith(`${above}/`)) && !path.includes('{'))
          .flatMap(({ op }) => successExamples(op)[persona]?.id ?? []);
        return [persona, [...listed, ...created]];
      }),
    );
    return [{ above, param, list: list.op.operationId as string, has }];
  });

/** Each change's success example named after a persona, with the ids it names. */
const changes = things.flatMap((thing) =>
  operations
    .filter(({ path, method }) => method !== 'get' && path.includes(`{${thing.param}}`))
    .flatMap(({ op }) =>
      Object.entries(successExamples(op))
        .filter(([persona]) => persona in thing.has)
        .map(([persona, answer]) => ({ operation: op.operationId as string, persona, id: answer?.[thing.param] ?? answer?.id, thing })),
    ),
);

describe('a persona’s change examples', () => {
  it('are read from the contract: the factors’, passkeys’, apps’ and identities’ lists, and changes of each', () => {
    expect(things.map(({ param, list }) => `${param}: ${list}`)).toEqual(
      expect.arrayContaining(['factorId: getFactors', 'passkeyId: listPasskeys', 'clientId: getConnectedApps', 'idpId: getLinkedIdentities']),
    );
    expect(new Set(changes.map(({ operation }) => operation))).toEqual(
      new Set([
        'linkIdentity',
        'unlinkIdentity',
        'resetFactor',
        'renameFactor',
        'activateFactor',
        'pollFactorActivation',
        'deletePasskey',
        'revokeConnectedApp',
      ]),
    );
  });

  it.each(changes.map((change) => [`${change.operation} ${change.persona}`, change] as const))(
    '%s names only what that persona has',
    (_, { persona, id, thing }) => {
      const has: string[] = thing.has[persona]!;
      if (id === undefined) expect(has, `${persona} has no ${thing.param} to change (${thing.list})`).not.toEqual([]);
      else expect(has, `${persona}'s ${thing.param}s (${thing.list} and its own enrolments)`).toContain(id);
    },
  );
});
