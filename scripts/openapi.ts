/**
 * `npm run openapi`: writes the OpenAPI 3.1 documents of the member API (docs/openapi.json) and
 * of the operator console's API (docs/openapi-console.json), built from the routes' JSON schemas
 * as a development server builds them. `npm test` checks that the written ones are current.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import {
  OPENAPI_DOCUMENTS,
  type OpenApiApp,
  openApiDocument,
} from '../server/http/openapi-documents';

const root = path.resolve(__dirname, '..');

async function main(): Promise<void> {
  for (const which of Object.keys(OPENAPI_DOCUMENTS) as OpenApiApp[]) {
    const document = await openApiDocument(which);
    const file = path.join(root, OPENAPI_DOCUMENTS[which]);
    // Written as the repository's formatter writes JSON, so `prettier --check` passes.
    const options = { ...(await resolveConfig(file)), filepath: file };
    writeFileSync(file, await format(JSON.stringify(document), options));
    const paths = Object.keys(document.paths as object).length;
    console.log(`${OPENAPI_DOCUMENTS[which]}: ${paths} paths`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
