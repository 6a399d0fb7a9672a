import fc from 'fast-check';

/** The subset of JSON Schema (as fastify-type-provider-zod writes it into OpenAPI 3.1) generated from. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  additionalProperties?: boolean | JsonSchema;
}

/**
 * Values shaped by `schema`: right types, enums and patterns most of the time, so requests get
 * past the first checks and reach the service and the database; lengths and ranges are not
 * always respected, so the edges are tried too. `$ref`s resolve against `components`.
 */
export function arbitraryFromSchema(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = components[name];
    if (!target) throw new Error(`unknown schema ${schema.$ref}`);
    return arbitraryFromSchema(target, components, depth);
  }
  if (depth > 6) return fc.constant(null);
  const next = (s: JsonSchema) => arbitraryFromSchema(s, components, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(next));
  if (schema.allOf?.[0]) return next(schema.allOf[0]);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => next({ ...schema, type })));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.oneof(
        fc.integer({
          min: Math.max(schema.minimum ?? -1e6, -1e9),
          max: Math.min(schema.maximum ?? 1e6, 1e9),
        }),
        fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 - 1, -(2 ** 53)),
      );
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? next(schema.items) : fc.anything(), { maxLength: 4 });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, next(s)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 60, 60);
  const plain = fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
  const shaped: fc.Arbitrary<string>[] = [plain];
  if (schema.pattern) {
    try {
      shaped.push(
        fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, schema.maxLength ?? 300)),
      );
    } catch {
      // a pattern JavaScript cannot compile: plain strings only
    }
  }
  if (schema.format === 'email') shaped.push(fc.emailAddress());
  return fc.oneof(...shaped);
}

/** Values no form should accept, and values that break naive code. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom(
    '\u0000',
    '\ud800',
    '\u001b[2J',
    ' ',
    '',
    'x'.repeat(100_000),
    '🏠'.repeat(1000),
    '<script>alert(1)</script>',
    "'; DROP TABLE users; --",
    '../../etc/passwd',
    '%00',
    '{{7*7}}',
  ),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 0.1 + 0.2, 2 ** 63),
  fc.constantFrom(true, false, null, [], {}),
  // an own "__proto__" key (JSON.parse makes one; an object literal would set the prototype instead)
  fc.constantFrom(JSON.parse('{"__proto__": {"isAdmin": true}}'), {
    constructor: { prototype: { isAdmin: true } },
  }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 20, max: 200 }).map((depth) => {
    let v: unknown = 'deep';
    for (let i = 0; i < depth; i++) v = [v];
    return v;
  }),
);
