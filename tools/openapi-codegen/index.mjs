import openapiTS, { astToString } from 'openapi-typescript';

/** The TypeScript types (`paths`, `components`, `operations`) of an OpenAPI 3 document. */
export async function generateTypes(document) {
  return astToString(await openapiTS(document));
}
