/** The TypeScript types (`paths`, `components`, `operations`) of an OpenAPI 3 document. */
export function generateTypes(document: object): Promise<string>;
