// A Vite plugin: `virtual:contract-operations` is the list of openapi.yaml's operations
// (operationId, method, path), read at build time, so the browser code that checks answers
// against the contract needs no YAML parser and no copy of the file.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { parse } from 'yaml';

const ID = 'virtual:contract-operations';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, { operationId?: string } | undefined> | undefined>;
}

/** The operations of an OpenAPI document, in document order. */
function contractOperations(document: OpenApiDocument): ContractOperation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {}).flatMap(([method, operation]) =>
      METHODS.includes(method) && operation?.operationId ? [{ operationId: operation.operationId, method: method.toUpperCase(), path }] : [],
    ),
  );
}

export function contractOperationsPlugin({ file = 'openapi.yaml' } = {}): Plugin {
  return {
    name: 'contract-operations',
    resolveId: (source) => (source === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      const path = resolve(file);
      this.addWatchFile(path);
      return `export default ${JSON.stringify(contractOperations(parse(readFileSync(path, 'utf8'))))};`;
    },
  };
}
