// The generated API client (generated/api/<tag>/<tag>.ts) split by its users, in the build only.
// Rolldown places a module whole in one chunk: as one module per tag, every hook of a tag that
// any page used shipped where the tag's first user was, so the first signed-in page carried the
// MFA wizards' mutations because it reads the same tag's factor list. Here each declaration
// (with what only it reads) becomes a module of its own that goes with the chunk of the source
// file using it; one that several files outside the app use gets a copy for each (a few hundred
// bytes, never a file more to fetch). What a route file uses (its loader and its page go to
// different chunks), or two files in the app, stays in the tag's module, where it was. Feature
// code imports from generated/ as before; this plugin rewrites those imports.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst, type Plugin } from 'vite';
import { APP_ENTRY, staticImports } from './chunk-groups.ts';

/** The generated client's modules (not the MSW handlers beside them). */
export const CLIENT = /\/generated\/api\/[^/]+\/[^/.]+\.ts$/;
/** An import of one, as written (`../../generated/api/factors/factors`). */
const CLIENT_IMPORT = /\/generated\/api\/[^/]+\/[^/.]+(\.ts)?$/;
/** The query that names one declaration's module: `…/factors.ts?declaration=enrollFactor`. */
export const DECLARATION = '?declaration=';
/** An owner that keeps a declaration in the tag's module. */
const EVERYONE = '*';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
interface ImportSpecifier {
  type: string;
  importKind?: string;
  imported?: { name?: string; value?: string };
  local: { name: string };
}

/** The name a top-level statement declares, or undefined for any other statement. */
function declared(statement: Node): string | undefined {
  const node = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
  if (!node || (statement.type === 'ExportNamedDeclaration' && statement.source)) return undefined;
  if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') return (node.id as { name: string }).name;
  if (node.type === 'VariableDeclaration') {
    const ids = (node.declarations as { id: Node }[]).map((d) => d.id);
    if (ids.length === 1 && ids[0]!.type === 'Identifier') return ids[0]!.name as string;
  }
  return undefined;
}

/** Every identifier a node mentions (a superset of what it reads: enough to find its neighbours). */
function identifiers(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((child) => identifiers(child, found));
  else if (node && typeof node === 'object') {
    const { type, name } = node as { type?: string; name?: unknown };
    if (type === 'Identifier' && typeof name === 'string') found.add(name);
    for (const value of Object.values(node)) if (value && typeof value === 'object') identifiers(value, found);
  }
  return found;
}

/** The value imports a module makes from the generated client: source as written -> names. */
function clientImports(code: string, lang: 'ts' | 'tsx' | 'js'): { node: Node; source: string; specifiers: ImportSpecifier[] }[] {
  if (!code.includes('generated/api/')) return [];
  const program = parseAst(code, { lang }) as unknown as { body: Node[] };
  return program.body.flatMap((node) => {
    if (node.type !== 'ImportDeclaration' || node.importKind === 'type') return [];
    const source = (node.source as { value: string }).value;
    if (!CLIENT_IMPORT.test(source)) return [];
    return [{ node, source, specifiers: node.specifiers as ImportSpecifier[] }];
  });
}

const importedName = ({ imported, local }: ImportSpecifier) => imported?.name ?? imported?.value ?? local.name;

/**
 * Who uses each declaration of each client module, read from the source files under `src`:
 * client module id -> name -> owners (files, or EVERYONE for a route file or `import *`).
 */
function clientUsers(src: string): Map<string, Map<string, Set<string>>> {
  const users = new Map<string, Map<string, Set<string>>>();
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  for (const file of files) {
    const absolute = path.join(src, file);
    const isRoute = file.split(path.sep)[0] === 'routes';
    for (const { source, specifiers } of clientImports(readFileSync(absolute, 'utf8'), file.endsWith('x') ? 'tsx' : 'ts')) {
      const client = path.resolve(path.dirname(absolute), source.endsWith('.ts') ? source : `${source}.ts`);
      const names = users.get(client) ?? new Map<string, Set<string>>();
      users.set(client, names);
      for (const specifier of specifiers) {
        if (specifier.importKind === 'type') continue;
        const name = specifier.type === 'ImportSpecifier' ? importedName(specifier) : EVERYONE;
        const owners = names.get(name) ?? new Set<string>();
        owners.add(isRoute ? EVERYONE : absolute);
        names.set(name, owners);
      }
    }
  }
  return users;
}

/**
 * Splits a client module (as JavaScript) by its users: the declarations that one file alone
 * uses, directly or through others, become modules of their own (keyed by id); the rest stays.
 * Undefined when the module holds anything but imports and one-name declarations.
 */
export function splitByUsers(
  code: string,
  id: string,
  users: Map<string, Set<string>>,
  inApp: (file: string) => boolean = () => true,
): { module: string; parts: Map<string, string>; owners: Map<string, Map<string, string>> } | undefined {
  const program = parseAst(code, { lang: 'js' }) as unknown as { body: Node[] };
  const imports: string[] = [];
  const declarations = new Map<string, { node: Node; exported: boolean; refs: Set<string> }>();
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      imports.push(code.slice(statement.start, statement.end));
      continue;
    }
    const name = declared(statement);
    if (!name) return undefined;
    declarations.set(name, { node: statement, exported: statement.type === 'ExportNamedDeclaration', refs: new Set() });
  }
  for (const [name, declaration] of declarations)
    for (const ref of identifiers(declaration.node)) if (ref !== name && declarations.has(ref)) declaration.refs.add(ref);

  // Owners flow from a declaration to those it reads, until nothing changes.
  const owners = new Map([...declarations.keys()].map((name) => [name, new Set(users.get(name) ?? [])]));
  if (users.has(EVERYONE)) owners.forEach((set) => set.add(EVERYONE));
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, { refs }] of declarations)
      for (const ref of refs)
        for (const owner of owners.get(name)!)
          if (!owners.get(ref)!.has(owner)) {
            owners.get(ref)!.add(owner);
            changed = true;
          }
  }
  // A declaration goes with its users' chunks: one module for one user; for several, a copy for
  // each, unless two of them are in the app (a copy each would weigh on the first page twice).
  const ownerOf = new Map<string, Set<string>>();
  for (const [name, set] of owners) if (set.size && !set.has(EVERYONE) && [...set].filter(inApp).length <= 1) ownerOf.set(name, set);
  const copies = new Map([...new Set([...ownerOf.values()].flatMap((set) => [...set]))].sort().map((file, index) => [file, index]));

  const partId = (name: string, owner: string) => `${id}${DECLARATION}${name}${ownerOf.get(name)!.size > 1 ? `&copy=${copies.get(owner)}` : ''}`;
  const parts = new Map<string, string>();
  const kept: string[] = [...imports];
  const exportedForParts = new Set<string>();
  for (const [name, { node, exported, refs }] of declarations) {
    const text = code.slice(node.start, node.end);
    if (!ownerOf.has(name)) {
      kept.push(text);
      continue;
    }
    for (const owner of ownerOf.get(name)!) {
      // What it reads is either its users' too (owners flow down) or stays in the tag's module,
      // which then exports it (a cycle, harmless: declarations read each other when called).
      const needed = [...refs].map((ref) => `import { ${ref} } from ${JSON.stringify(ownerOf.has(ref) ? partId(ref, owner) : id)};`);
      refs.forEach((ref) => ownerOf.has(ref) || exportedForParts.add(ref));
      parts.set(partId(name, owner), [...imports, ...needed, text, exported ? '' : `export { ${name} };`].join('\n'));
    }
    if (exported) kept.push(`export { ${name} } from ${JSON.stringify(partId(name, [...ownerOf.get(name)!][0]!))};`);
  }
  const internal = [...exportedForParts].filter((name) => !declarations.get(name)!.exported);
  if (internal.length) kept.push(`export { ${internal.join(', ')} };`);
  const owned = new Map([...ownerOf].map(([name]) => [name, new Map([...ownerOf.get(name)!].map((owner) => [owner, partId(name, owner)]))]));
  return { module: kept.join('\n'), parts, owners: owned };
}

/**
 * A source file's imports from the client rewritten: what it alone uses comes from that
 * declaration's own module. `resolve` finds a client module's id; `owned` its split.
 */
export async function importOwned(
  code: string,
  file: string,
  resolve: (source: string) => Promise<string | undefined>,
  owned: (client: string) => Promise<Map<string, Map<string, string>> | undefined>,
): Promise<string | undefined> {
  const edits: { start: number; end: number; text: string }[] = [];
  for (const { node, source, specifiers } of clientImports(code, 'js')) {
    if (specifiers.some((s) => s.type !== 'ImportSpecifier')) continue;
    const client = await resolve(source);
    const owners = client && CLIENT.test(client) ? await owned(client) : undefined;
    if (!client || !owners) continue;
    const mine = (s: ImportSpecifier) => owners.get(importedName(s))?.has(file) === true;
    if (!specifiers.some(mine)) continue;
    const rest = specifiers.filter((s) => !mine(s));
    const spec = (s: ImportSpecifier) => `${importedName(s)} as ${s.local.name}`;
    const text = [
      ...specifiers.filter(mine).map((s) => `import { ${spec(s)} } from ${JSON.stringify(owners.get(importedName(s))!.get(file))};`),
      ...(rest.length ? [`import { ${rest.map(spec).join(', ')} } from ${JSON.stringify(client)};`] : []),
    ].join('\n');
    edits.push({ start: node.start, end: node.end, text });
  }
  if (!edits.length) return undefined;
  let out = code;
  for (const { start, end, text } of edits.reverse()) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

/**
 * The portal's own files a source file imports for its code: relative, not types only, and for
 * a route file the router plugin splits, not its pages (its PascalCase imports).
 */
function ownImports(file: string, src: string): string[] {
  const code = readFileSync(file, 'utf8');
  const splitRoute = path.relative(src, file).split(path.sep)[0] === 'routes' && !code.includes('codeSplitGroupings: []');
  const program = parseAst(code, { lang: file.endsWith('x') ? 'tsx' : 'ts' }) as unknown as { body: Node[] };
  const found: string[] = [];
  for (const node of program.body) {
    if ((node.type !== 'ImportDeclaration' && node.type !== 'ExportNamedDeclaration' && node.type !== 'ExportAllDeclaration') || !node.source)
      continue;
    if (node.importKind === 'type' || node.exportKind === 'type') continue;
    const source = (node.source as { value: string }).value;
    if (!source.startsWith('.')) continue;
    const specifiers = (node.specifiers as ImportSpecifier[] | undefined) ?? [];
    if (splitRoute && specifiers.length && specifiers.every((s) => /^[A-Z]/.test(s.local.name))) continue;
    const base = path.resolve(path.dirname(file), source);
    const resolved = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => /\.tsx?$/.test(f) && existsSync(f));
    if (resolved) found.push(resolved);
  }
  return found;
}

/**
 * The source files that the app (APP_ENTRY) loads with it: its static imports, through the
 * route files' loaders and the pages that are not split from their route (codeSplitGroupings:
 * []), but not the pages the router plugin splits off. Wider than the truth where unsure: a
 * file counted here only gets fewer copies.
 */
function appSourceFiles(root: string): Set<string> {
  const src = path.join(root, 'src');
  return staticImports(path.join(root, APP_ENTRY), (file) => ({ importedIds: ownImports(file, src) }));
}

/** The plugin, for the checkout at `root`. */
export function operationModules(root: string): Plugin[] {
  let users = new Map<string, Map<string, Set<string>>>();
  const parts = new Map<string, string>();
  const splits = new Map<string, Map<string, Map<string, string>>>();
  let app = new Set<string>();
  return [
    {
      name: 'operation-modules:parts',
      apply: 'build',
      enforce: 'pre',
      buildStart() {
        users = clientUsers(path.join(root, 'src'));
        app = appSourceFiles(root);
      },
      resolveId: (source) => (source.includes(DECLARATION) && CLIENT.test(source.split('?')[0]!) ? source : null),
      async load(id) {
        if (!id.includes(DECLARATION)) return null;
        if (!parts.has(id)) await this.load({ id: id.split('?')[0]! });
        const code = parts.get(id);
        if (code === undefined) throw new Error(`operation-modules: no declaration ${id}`);
        return { code, moduleType: 'js', moduleSideEffects: false };
      },
    },
    {
      name: 'operation-modules:split',
      apply: 'build',
      // After the TypeScript is stripped: the declarations are plain JavaScript.
      enforce: 'post',
      async transform(code, id) {
        if (id.includes('/node_modules/') || id.includes('?')) return null;
        if (CLIENT.test(id)) {
          const split = splitByUsers(code, id, users.get(id) ?? new Map(), (file) => app.has(file));
          splits.set(id, split?.owners ?? new Map());
          if (!split) return null;
          for (const [part, partCode] of split.parts) parts.set(part, partCode);
          return { code: split.module, map: null };
        }
        if (!id.startsWith(path.join(root, 'src') + path.sep) || !/\.[jt]sx?$/.test(id)) return null;
        const rewritten = await importOwned(
          code,
          id,
          async (source) => (await this.resolve(source, id))?.id,
          async (client) => {
            if (!splits.has(client)) await this.load({ id: client });
            return splits.get(client);
          },
        );
        return rewritten === undefined ? null : { code: rewritten, map: null };
      },
      // The copies' guard: no chunk holds one declaration twice (appSourceFiles missed a file).
      generateBundle(_, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const names = chunk.moduleIds.filter((m) => m.includes(DECLARATION)).map((m) => m.replace(/&copy=\d+$/, ''));
          const twice = names.find((name, index) => names.indexOf(name) !== index);
          if (twice) this.error(`operation-modules: ${chunk.fileName} holds ${twice} twice; appSourceFiles must count its users`);
        }
      },
    },
  ];
}
