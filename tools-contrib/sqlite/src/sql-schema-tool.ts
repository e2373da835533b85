import { type JsonSchema, type ToolContext } from '@agentao/core';
import { SqliteTool } from './sqlite-tool';
import { errorJson } from './tool-json';

/** At most this many tables and views are described per call. */
export const SQL_SCHEMA_MAX_TABLES = 100;
/** A call's JSON stops adding tables (with `has_more`) before it exceeds this many characters. */
export const SQL_SCHEMA_MAX_RESULT_CHARS = 30_000;

const DESCRIPTION = [
  'List the tables and views of the host-configured SQLite database with their columns, so you can write sql_query statements.',
  'Arguments: table (optional): describe only this table or view (exact name); offset (optional, default 0): tables to skip, from next_offset.',
  `Returns JSON {status:"ok", tables:[{name, type:"table"|"view", columns:[{name, type, not_null, primary_key, default}]}], has_more, next_offset}, sorted by name,`,
  `at most ${SQL_SCHEMA_MAX_TABLES} tables per call and ending early (has_more true) before ${SQL_SCHEMA_MAX_RESULT_CHARS} chars. type is the declared column type ("" when none). SQLite's internal sqlite_* tables are left out.`,
  'Unknown table: returns JSON {status:"error", message}. Read-only.',
].join(' ');

const PARAMETERS: JsonSchema = {
  type: 'object',
  properties: {
    table: { type: 'string', description: 'Describe only this table or view.' },
    offset: { type: 'integer', minimum: 0, default: 0, description: 'Tables to skip (from next_offset).' },
  },
  additionalProperties: false,
};

interface ColumnRow {
  name: string;
  type: string;
  notnull: number;
  pk: number;
  dflt_value: string | null;
}

/** `sql_schema`: tables, views and their columns of a SQLite file, as bounded JSON. */
export class SqlSchemaTool extends SqliteTool {
  readonly name = 'sql_schema';
  readonly description = DESCRIPTION;
  readonly parameters = PARAMETERS;

  execute(args: Record<string, unknown>, _ctx: ToolContext): string {
    const { table } = args;
    if (table !== undefined && table !== null && typeof table !== 'string') return errorJson('table must be a string');
    const offset = args.offset ?? 0;
    if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) return errorJson('offset must be a non-negative integer');
    return this.withDatabase((db) => {
      const all = db
        .prepare("SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
        .all() as { name: string; type: 'table' | 'view' }[];
      const wanted = typeof table === 'string' ? all.filter((t) => t.name === table) : all;
      if (typeof table === 'string' && wanted.length === 0) {
        const shown = table.length > 200 ? `${table.slice(0, 200)}…` : table;
        return errorJson(`no table or view named '${shown}'; call sql_schema without arguments to list them`);
      }
      const columnsOf = db.prepare('SELECT name, type, "notnull", pk, dflt_value FROM pragma_table_info(?) ORDER BY cid');
      const tables: unknown[] = [];
      let size = 100;
      let index = offset;
      for (; index < wanted.length && tables.length < SQL_SCHEMA_MAX_TABLES; index += 1) {
        const entry = wanted[index] as { name: string; type: string };
        const columns = (columnsOf.all(entry.name) as ColumnRow[]).map((c) => ({
          name: c.name,
          type: c.type,
          not_null: c.notnull === 1,
          primary_key: c.pk > 0,
          default: c.dflt_value,
        }));
        const described = { name: entry.name, type: entry.type, columns };
        const entrySize = JSON.stringify(described).length + 1;
        if (size + entrySize > SQL_SCHEMA_MAX_RESULT_CHARS && tables.length > 0) break;
        size += entrySize;
        tables.push(described);
      }
      const hasMore = index < wanted.length;
      return JSON.stringify({ status: 'ok', tables, has_more: hasMore, next_offset: hasMore ? index : null });
    });
  }
}
