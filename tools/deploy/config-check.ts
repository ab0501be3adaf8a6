// The settings a build must not ship: check-build.ts reads dist/config.json (public/config.json,
// the file the build carries, which a deployment replaces) with the portal's own checks. A
// config naming this machine (localhost) or plain http: passes only when it is marked
// `"dev": true`, and such a config is refused at run time on any page not served from this
// machine (src/shared/config/configSchema.ts) and by the nginx generator unless it listens on this machine
// only (tools/deploy/nginx-conf.ts): the dev stack's settings cannot go live silently.
import { parseConfig } from '../../src/shared/config/configSchema.ts';

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
