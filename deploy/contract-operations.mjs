// A Vite plugin: `virtual:contract-operations` is the list of openapi.yaml's operations
// (operationId, method, path), read at build time, so the browser code that checks answers
// against the contract needs no YAML parser and no copy of the file.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

const ID = 'virtual:contract-operations';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The operations of an OpenAPI document, in document order. */
export function contractOperations(document) {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {})
      .filter(([method, operation]) => METHODS.includes(method) && operation?.operationId)
      .map(([method, operation]) => ({ operationId: operation.operationId, method: method.toUpperCase(), path })),
  );
}

export function contractOperationsPlugin({ file = 'openapi.yaml' } = {}) {
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
