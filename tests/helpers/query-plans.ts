/**
 * The SQL a call runs and the plans PostgreSQL chooses for it (tests/integration/query-plans.int.test.ts):
 * captureQueries() records every query the app's pool sends while `fn` runs;
 * seqScans() EXPLAINs each captured read with its own parameters and lists the sequential scans
 * on the given tables.
 */
import pg from 'pg';

export interface CapturedQuery {
  text: string;
  values: unknown[];
}

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * Records the queries of every pg.Client of this process while `capture` runs. Install it before
 * the pool connects: the pool's write tracker (platform/db/write-tracker.ts) binds each client's
 * `query` when it connects, so a later patch of the prototype would not be seen.
 */
export function installQueryRecorder() {
  let current: CapturedQuery[] | null = null;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    if (current && typeof first === 'string') {
      current.push({ text: first, values: Array.isArray(second) ? second : [] });
    } else if (current && first && typeof first === 'object' && 'text' in first) {
      const q = first as { text: string; values?: unknown[] };
      current.push({ text: q.text, values: q.values ?? (Array.isArray(second) ? second : []) });
    }
    return original.apply(this, args);
  };
  return {
    async capture<T>(fn: () => Promise<T>): Promise<{ result: T; queries: CapturedQuery[] }> {
      const queries: CapturedQuery[] = [];
      current = queries;
      try {
        return { result: await fn(), queries };
      } finally {
        current = null;
      }
    },
    uninstall() {
      proto.query = original;
    },
  };
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, visit: (n: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** A read worth planning: SELECT or WITH, not the job queue's or session store's housekeeping. */
function isRead(text: string): boolean {
  return /^\s*(select|with)\b/i.test(text);
}

export interface SeqScan {
  table: string;
  sql: string;
}

/** The sequential scans on `tables` in the plans of the captured reads (EXPLAIN, not run). */
export async function seqScans(
  client: pg.Client,
  queries: CapturedQuery[],
  tables: string[],
): Promise<SeqScan[]> {
  const found: SeqScan[] = [];
  for (const q of queries.filter((x) => isRead(x.text))) {
    const res = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (FORMAT JSON) ${q.text}`,
      q.values,
    );
    const plan = res.rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!plan) continue;
    walk(plan, (n) => {
      const table = n['Relation Name'];
      if (n['Node Type'] === 'Seq Scan' && table && tables.includes(table)) {
        found.push({ table, sql: q.text.replace(/\s+/g, ' ').slice(0, 300) });
      }
    });
  }
  return found;
}
