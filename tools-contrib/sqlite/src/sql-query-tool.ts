import { type JsonSchema, type ToolContext } from '@agentao/core';
import { SqliteTool } from './sqlite-tool';
import { errorJson } from './tool-json';

/** Rows returned when `limit` is not given. */
export const SQL_QUERY_DEFAULT_LIMIT = 100;
/** Upper bound of `limit`; larger values are refused by the schema and clamped in code. */
export const SQL_QUERY_MAX_LIMIT = 500;
/** A text cell longer than this is cut and marked with `SQL_CELL_TRUNCATION_MARK`. */
export const SQL_QUERY_MAX_CELL_CHARS = 1_000;
/** Appended to a cut text cell. */
export const SQL_CELL_TRUNCATION_MARK = '…[truncated]';
/** A page stops early (with `has_more`) before its JSON would exceed this many characters. */
export const SQL_QUERY_MAX_RESULT_CHARS = 30_000;
/** Longest accepted `sql` text. */
export const SQL_QUERY_MAX_SQL_CHARS = 20_000;

const DESCRIPTION = [
  'Run ONE read-only SQL statement (SELECT, WITH … SELECT, or a read-only PRAGMA that returns rows) against the host-configured SQLite database and get one page of rows.',
  'Use it to answer questions about the data; call sql_schema first to learn table and column names.',
  `Arguments: sql (required, one statement, at most ${SQL_QUERY_MAX_SQL_CHARS} chars; use ? placeholders for values); params (optional array of strings, numbers, booleans or nulls bound to the placeholders);`,
  `offset (optional, rows to skip, default 0); limit (optional, rows per page, default ${SQL_QUERY_DEFAULT_LIMIT}, max ${SQL_QUERY_MAX_LIMIT}).`,
  'The database is opened read-only and every statement is checked read-only before it runs: INSERT, UPDATE, DELETE, CREATE, ATTACH and the like are refused, as is more than one statement.',
  `Returns JSON {status:"ok", columns:[names], rows:[[values in column order]], row_count, offset, has_more, next_offset}; next_offset is null when has_more is false — call again with offset=next_offset for the next page.`,
  `A page also ends early (has_more true) before its JSON exceeds ${SQL_QUERY_MAX_RESULT_CHARS} chars. Text cells over ${SQL_QUERY_MAX_CELL_CHARS} chars are cut and end with "${SQL_CELL_TRUNCATION_MARK}"; blobs appear as "<blob N bytes>"; integers beyond 2^53 lose precision.`,
  'Add ORDER BY for stable paging. On failure returns JSON {status:"error", message}.',
].join(' ');

const PARAMETERS: JsonSchema = {
  type: 'object',
  properties: {
    sql: { type: 'string', description: 'Exactly one read-only SQL statement.' },
    params: {
      type: 'array',
      description: 'Values bound to the ? placeholders, in order.',
      items: { type: ['string', 'number', 'boolean', 'null'] },
    },
    offset: { type: 'integer', minimum: 0, default: 0, description: 'Rows to skip (from next_offset).' },
    limit: { type: 'integer', minimum: 1, maximum: SQL_QUERY_MAX_LIMIT, default: SQL_QUERY_DEFAULT_LIMIT, description: 'Rows per page.' },
  },
  required: ['sql'],
  additionalProperties: false,
};

type SqlValue = string | number | bigint | null;

function cell(value: unknown): unknown {
  if (typeof value === 'string' && value.length > SQL_QUERY_MAX_CELL_CHARS) return value.slice(0, SQL_QUERY_MAX_CELL_CHARS) + SQL_CELL_TRUNCATION_MARK;
  if (Buffer.isBuffer(value)) return `<blob ${value.length} bytes>`;
  if (typeof value === 'bigint') return value.toString();
  return value;
}

function intArg(value: unknown, fallback: number, min: number, max: number): number | string {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be an integer';
  if (value < min) return `must be >= ${min}`;
  return Math.min(value, max);
}

function bindValues(raw: unknown): SqlValue[] | string {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return 'params must be an array';
  const out: SqlValue[] = [];
  for (const [i, value] of (raw as unknown[]).entries()) {
    if (typeof value === 'boolean') out.push(value ? 1 : 0);
    else if (typeof value === 'string' || value === null || (typeof value === 'number' && Number.isFinite(value))) out.push(value);
    else return `params[${i}] must be a string, a finite number, a boolean or null`;
  }
  return out;
}

/** `sql_query`: one read-only statement against a SQLite file, one bounded page of rows as JSON. */
export class SqlQueryTool extends SqliteTool {
  readonly name = 'sql_query';
  readonly description = DESCRIPTION;
  readonly parameters = PARAMETERS;

  execute(args: Record<string, unknown>, _ctx: ToolContext): string {
    const { sql } = args;
    if (typeof sql !== 'string' || sql.trim() === '') return errorJson('sql must be a non-empty string');
    if (sql.length > SQL_QUERY_MAX_SQL_CHARS) return errorJson(`sql is ${sql.length} chars; at most ${SQL_QUERY_MAX_SQL_CHARS} are accepted`);
    const offset = intArg(args.offset, 0, 0, Number.MAX_SAFE_INTEGER);
    if (typeof offset === 'string') return errorJson(`offset ${offset}`);
    const limit = intArg(args.limit, SQL_QUERY_DEFAULT_LIMIT, 1, SQL_QUERY_MAX_LIMIT);
    if (typeof limit === 'string') return errorJson(`limit ${limit}`);
    const params = bindValues(args.params);
    if (typeof params === 'string') return errorJson(params);
    return this.withDatabase((db) => {
      const stmt = db.prepare(sql);
      if (!stmt.readonly) return errorJson('only read-only statements are allowed (SELECT, WITH … SELECT, read-only PRAGMA)');
      if (!stmt.reader) return errorJson('the statement returns no rows; only statements that return rows are allowed');
      stmt.raw(true);
      const columns = stmt.columns().map((c) => c.name);
      const rows: unknown[][] = [];
      let size = JSON.stringify(columns).length + 200;
      let index = 0;
      let hasMore = false;
      for (const row of stmt.iterate(...params) as Iterable<unknown[]>) {
        if (index < offset) {
          index += 1;
          continue;
        }
        if (rows.length >= limit) {
          hasMore = true;
          break;
        }
        const cells = row.map(cell);
        const rowSize = JSON.stringify(cells).length + 1;
        if (size + rowSize > SQL_QUERY_MAX_RESULT_CHARS && rows.length > 0) {
          hasMore = true;
          break;
        }
        if (size + rowSize > SQL_QUERY_MAX_RESULT_CHARS) {
          return errorJson(`row ${index} alone exceeds ${SQL_QUERY_MAX_RESULT_CHARS} chars; select fewer columns`);
        }
        size += rowSize;
        rows.push(cells);
        index += 1;
      }
      return JSON.stringify({
        status: 'ok',
        columns,
        rows,
        row_count: rows.length,
        offset,
        has_more: hasMore,
        next_offset: hasMore ? offset + rows.length : null,
      });
    });
  }

  /** Closes this tool's connections (shared with tools built on the same cache). */
  close(): void {
    this.database.close();
  }
}
