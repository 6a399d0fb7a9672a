import { z } from 'zod';

/** The page and pageSize query parameters of a paginated admin list, with their messages. */
export function paginationQueryShape(maxPageSize: number, defaultPageSize: number) {
  return {
    page: z.coerce
      .number({ error: 'Page must be a number' })
      .int({ error: 'Page must be a whole number' })
      .min(1, { error: 'Page must be at least 1' })
      .default(1),
    pageSize: z.coerce
      .number({ error: 'Page size must be a number' })
      .int({ error: 'Page size must be a whole number' })
      .min(1, { error: 'Page size must be at least 1' })
      .max(maxPageSize, { error: `Page size must be at most ${maxPageSize}` })
      .default(defaultPageSize),
  };
}
