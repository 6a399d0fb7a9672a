import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form's resolver for a shared zod schema, for a form whose values are what its
 * inputs hold (text, '' for nothing, '' for no choice yet) rather than the schema's input type:
 * the schema checks and converts them all the same, and the form's submit gets its output.
 */
export function schemaResolver<V extends FieldValues, O>(schema: z.ZodType<O>): Resolver<V, unknown, O> {
  return zodResolver(schema as never) as unknown as Resolver<V, unknown, O>;
}
