// Writes the TypeScript types of an OpenAPI document: node generate.mjs <openapi.json> [out.d.ts]
// openapi-typescript builds its output with TypeScript 5's compiler API, which is why this package has its own
// TypeScript 5 (the project's TypeScript 7 has no such API); npm keeps both next to openapi-typescript here.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const [input, output = path.join(import.meta.dirname, 'generated', 'schema.d.ts')] = process.argv.slice(2);
if (!input) {
  console.error('usage: node generate.mjs <openapi.json> [out.d.ts]');
  process.exit(2);
}
const ast = await openapiTS(pathToFileURL(path.resolve(input)), { alphabetize: true });
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(output, astToString(ast));
console.log(`wrote ${output}`);
