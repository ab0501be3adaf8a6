// The import zones of src/ (conventions: routes over the app's frame and the features, side by side, over shared over
// messages).
// A feature never imports another feature, except the composing ones (the security overview and
// the "This wasn't me" guide), whose whole job is to compose what the others know; nothing below the routes imports a route; the app's frame
// (src/app/) imports no feature, and no feature imports the frame; shared code and the message catalogue import neither. (The catalogue reads one shared module, storageKeys.ts,
// which imports nothing.) Tests may reach across: they render whole routes, which
// compose features.
import { dirname, relative, resolve, sep } from 'node:path';

/** The features composing the others. */
const COMPOSERS = new Set(['security-overview', 'secure-account']);

function zoneOf(file, srcRoot) {
  const parts = relative(srcRoot, file).split(sep);
  if (parts[0] === 'features' && parts.length > 2) return { zone: 'feature', feature: parts[1] };
  if (parts[0] === 'shared' || parts[0] === 'messages') return { zone: parts[0] };
  if (parts[0] === 'routes') return { zone: 'routes' };
  if (parts[0] === 'app') return { zone: 'app' };
  return { zone: 'other' };
}

/** @type {import('eslint').Rule.RuleModule} */
const importZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps features apart and the layers pointing down' },
    messages: {
      otherFeature:
        'A feature does not import another feature ({{ target }}); move what both need to src/shared/, or compose them in a composing feature (features/security-overview, features/secure-account).',
      upward: '{{ from }} does not import {{ target }}: the layers point down (routes; app and features, side by side; shared; messages).',
    },
    schema: [],
  },
  create(context) {
    const srcRoot = resolve(context.cwd, 'src');
    const from = zoneOf(context.filename, srcRoot);
    if (/\.test\.tsx?$/.test(context.filename)) return {};
    if (from.zone === 'other' || from.zone === 'routes') return {};
    const check = (node) => {
      const spec = node.source && node.source.type === 'Literal' ? node.source.value : undefined;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = zoneOf(resolve(dirname(context.filename), spec), srcRoot);
      if (to.zone === 'routes') return context.report({ node, messageId: 'upward', data: { from: from.zone, target: 'routes' } });
      if (to.zone === 'app' && from.zone !== 'app') return context.report({ node, messageId: 'upward', data: { from: from.zone, target: 'app' } });
      if (to.zone === 'feature' && from.zone !== 'feature')
        return context.report({ node, messageId: 'upward', data: { from: from.zone, target: `features/${to.feature}` } });
      if (to.zone === 'feature' && to.feature !== from.feature && !COMPOSERS.has(from.feature)) {
        context.report({ node, messageId: 'otherFeature', data: { target: `features/${to.feature}` } });
      }
    };
    return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export const layers = { rules: { 'import-zones': importZones } };
