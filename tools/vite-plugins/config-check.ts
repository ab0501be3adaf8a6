// The production build refuses settings it must not ship: `vite build` reads public/config.json
// (the file the build carries, which a deployment replaces) with the portal's own checks. A
// config naming this machine (localhost) or plain http: passes only when it is marked
// `"dev": true`, and such a config is refused at run time on any page not served from this
// machine (src/shared/config/config.ts) and by the nginx generator unless it listens on this machine
// only (tools/deploy/nginx-conf.ts): the dev stack's settings cannot go live silently.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { parseConfig } from '../../src/shared/config/config.ts';

export function configProblems(text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return [`not JSON: ${error instanceof Error ? error.message : String(error)}`];
  }
  const parsed = parseConfig(value);
  return 'errors' in parsed ? parsed.errors : [];
}

export function checkedConfig(path = 'public/config.json'): Plugin {
  return {
    name: 'portal:checked-config',
    apply: 'build',
    buildStart() {
      const text = readFileSync(path, 'utf8');
      const problems = configProblems(text);
      if (problems.length) this.error(`${path} cannot ship: ${problems.join('; ')}`);
      if ((JSON.parse(text) as { dev?: unknown }).dev === true)
        this.warn(`${path} is the dev stack's (marked "dev": true): the build works with it on this machine only; a deployment replaces it`);
    },
  };
}
