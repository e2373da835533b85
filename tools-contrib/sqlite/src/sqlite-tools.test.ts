import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agentao, SILENT_LOGGER, type ToolContext } from '@agentao/core';
import { checkToolContract, formatContractReport, reply, ScriptedLLM, toolCall } from '@agentao/testing';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteTools } from './create-sqlite-tools';
import { SQL_CELL_TRUNCATION_MARK, SQL_QUERY_DEFAULT_LIMIT, SQL_QUERY_MAX_CELL_CHARS, SQL_QUERY_MAX_LIMIT, SQL_QUERY_MAX_RESULT_CHARS, SqlQueryTool } from './sql-query-tool';
import { SqlSchemaTool } from './sql-schema-tool';

let dir: string;
let dbPath: string;

function ctx(workingDirectory = dir): ToolContext {
  return {
    signal: new AbortController().signal,
    toolCallId: 'call_1',
    agent: { workingDirectory, readOnly: true, logger: SILENT_LOGGER, sessionId: 's' },
    onOutput: () => undefined,
  };
}

function run(tool: SqlQueryTool | SqlSchemaTool, args: Record<string, unknown>): any {
  return JSON.parse(tool.execute(args, ctx()));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tool-sqlite-'));
  dbPath = join(dir, 'shop.db');
  const db = new Database(dbPath);
  db.exec(`
    CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT, photo BLOB);
    CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), total REAL DEFAULT 0, status TEXT);
    CREATE VIEW big_orders AS SELECT * FROM orders WHERE total > 100;
  `);
  const insert = db.prepare('INSERT INTO customers (id, name, note, photo) VALUES (?, ?, ?, ?)');
  // One transaction: 250 separate commits mean 250 fsyncs, which took over 10 s on a slow CI disk.
  db.transaction(() => {
    for (let i = 1; i <= 250; i += 1) insert.run(i, `customer ${i}`, i === 7 ? 'n'.repeat(5000) : null, i === 8 ? Buffer.alloc(12) : null);
  })();
  db.prepare('INSERT INTO orders (customer_id, total, status) VALUES (?, ?, ?)').run(1, 150.5, 'shipped');
  db.close();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('sql_query', () => {
  it('satisfies the tool contract', async () => {
    const [query] = createSqliteTools(dbPath);
    const result = await checkToolContract(query, {
      sampleArgs: [{ sql: 'SELECT * FROM customers ORDER BY id' }, { sql: 'SELECT name FROM customers WHERE id = ?', params: [3] }],
    });
    expect(result.problems, formatContractReport(result)).toEqual([]);
  });

  it('declares itself read-only and copyable to sub-agents, with a stable parameter schema', () => {
    const tool = new SqlQueryTool(dbPath);
    expect(tool.isReadOnly).toBe(true);
    expect(tool.copiesToSubagents).toBe(true);
    expect(tool.requiresConfirmation).toBeUndefined();
    expect(tool.parameters).toMatchSnapshot();
  });

  it('pages through rows with has_more and next_offset, default limit from the description', () => {
    const tool = new SqlQueryTool(dbPath);
    expect(tool.description).toContain(`default ${SQL_QUERY_DEFAULT_LIMIT}, max ${SQL_QUERY_MAX_LIMIT}`);
    const first = run(tool, { sql: 'SELECT id, name FROM customers ORDER BY id' });
    expect(first).toMatchObject({ status: 'ok', columns: ['id', 'name'], row_count: SQL_QUERY_DEFAULT_LIMIT, has_more: true, next_offset: 100 });
    expect(first.rows[0]).toEqual([1, 'customer 1']);
    const last = run(tool, { sql: 'SELECT id FROM customers ORDER BY id', offset: 240, limit: 50 });
    expect(last).toMatchObject({ row_count: 10, has_more: false, next_offset: null });
    expect(last.rows.at(-1)).toEqual([250]);
  });

  it('clamps a huge limit to the maximum and binds params', () => {
    const tool = new SqlQueryTool(dbPath);
    const thousand = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000) SELECT x FROM n';
    const page = run(tool, { sql: thousand, limit: 99_999 });
    expect(page).toMatchObject({ row_count: SQL_QUERY_MAX_LIMIT, has_more: true, next_offset: SQL_QUERY_MAX_LIMIT });
    expect(run(tool, { sql: 'SELECT name FROM customers WHERE id = ?', params: [42] }).rows).toEqual([['customer 42']]);
  });

  it('cuts long text cells and shows blobs as sizes', () => {
    const tool = new SqlQueryTool(dbPath);
    const page = run(tool, { sql: 'SELECT note, photo FROM customers WHERE id IN (7, 8) ORDER BY id' });
    expect(page.rows[0][0]).toHaveLength(SQL_QUERY_MAX_CELL_CHARS + SQL_CELL_TRUNCATION_MARK.length);
    expect(page.rows[0][0].endsWith(SQL_CELL_TRUNCATION_MARK)).toBe(true);
    expect(page.rows[1][1]).toBe('<blob 12 bytes>');
  });

  it('ends a page early before its JSON exceeds the stated size', () => {
    const tool = new SqlQueryTool(dbPath);
    const wide = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 200) SELECT x, printf('%.900c', 'w') AS pad FROM n";
    const result = tool.execute({ sql: wide, limit: 200 }, ctx());
    expect(result.length).toBeLessThanOrEqual(SQL_QUERY_MAX_RESULT_CHARS);
    const page = JSON.parse(result);
    expect(page.has_more).toBe(true);
    expect(page.row_count).toBeGreaterThan(10);
    expect(page.next_offset).toBe(page.row_count);
    expect(run(tool, { sql: wide, limit: 200, offset: page.next_offset }).rows[0][0]).toBe(page.row_count + 1);
  });

  it('refuses writes, more than one statement and row-less statements, and leaves the file unchanged', async () => {
    const before = (await stat(dbPath)).mtimeMs;
    const tool = new SqlQueryTool(dbPath);
    expect(run(tool, { sql: 'DELETE FROM customers' })).toEqual({ status: 'error', message: expect.stringContaining('only read-only statements are allowed') });
    expect(run(tool, { sql: "UPDATE customers SET name = 'x'" }).status).toBe('error');
    expect(run(tool, { sql: 'CREATE TABLE evil (x)' }).status).toBe('error');
    expect(run(tool, { sql: 'SELECT 1; DROP TABLE customers' })).toEqual({ status: 'error', message: 'The supplied SQL string contains more than one statement' });
    expect(run(tool, { sql: `ATTACH DATABASE '${join(dir, 'other.db')}' AS other` }).message).toContain('returns no rows');
    expect(run(tool, { sql: 'SELECT count(*) AS n FROM customers' }).rows).toEqual([[250]]);
    expect((await stat(dbPath)).mtimeMs).toBe(before);
  });

  it('answers SQL errors, a missing file and bad arguments with JSON errors', () => {
    const tool = new SqlQueryTool(dbPath);
    expect(run(tool, { sql: 'SELECT * FROM nope' })).toEqual({ status: 'error', message: 'no such table: nope' });
    expect(run(tool, { sql: '' }).message).toBe('sql must be a non-empty string');
    expect(run(tool, { sql: 'SELECT 1', limit: 0 }).message).toBe('limit must be >= 1');
    expect(run(tool, { sql: 'SELECT ?', params: [{}] }).message).toContain('params[0]');
    const missing = new SqlQueryTool('missing.db');
    missing.workingDirectory = dir;
    expect(run(missing, { sql: 'SELECT 1' }).message).toBe(`database file not found: ${join(dir, 'missing.db')}`);
  });

  it('resolves a relative path against the bound working directory at call time', () => {
    const tool = new SqlQueryTool('shop.db');
    tool.workingDirectory = dir;
    expect(run(tool, { sql: 'SELECT count(*) FROM orders' }).rows).toEqual([[1]]);
  });

  it('a shallow copy (as a sub-agent gets) shares the connection and both keep working', () => {
    const tool = new SqlQueryTool(dbPath);
    // The same shallow copy core's registry makes for a sub-agent.
    const copy = Object.create(Object.getPrototypeOf(tool) as object, Object.getOwnPropertyDescriptors(tool)) as SqlQueryTool;
    expect(run(tool, { sql: 'SELECT 1 AS one' }).rows).toEqual([[1]]);
    expect(run(copy, { sql: 'SELECT 2 AS two' }).rows).toEqual([[2]]);
    tool.close();
    expect(run(copy, { sql: 'SELECT 3' }).rows).toEqual([[3]]);
  });
});

describe('sql_schema', () => {
  it('satisfies the tool contract', async () => {
    const [, schema] = createSqliteTools(dbPath);
    const result = await checkToolContract(schema, { sampleArgs: [{}, { table: 'orders' }] });
    expect(result.problems, formatContractReport(result)).toEqual([]);
  });

  it('declares itself read-only and copyable, with a stable parameter schema', () => {
    const tool = new SqlSchemaTool(dbPath);
    expect([tool.isReadOnly, tool.copiesToSubagents]).toEqual([true, true]);
    expect(tool.parameters).toMatchSnapshot();
  });

  it('lists tables and views with column names, types, keys and defaults', () => {
    const result = run(new SqlSchemaTool(dbPath), {});
    expect(result.tables.map((t: any) => [t.name, t.type])).toEqual([
      ['big_orders', 'view'],
      ['customers', 'table'],
      ['orders', 'table'],
    ]);
    expect(result.tables[2].columns).toEqual([
      { name: 'id', type: 'INTEGER', not_null: false, primary_key: true, default: null },
      { name: 'customer_id', type: 'INTEGER', not_null: true, primary_key: false, default: null },
      { name: 'total', type: 'REAL', not_null: false, primary_key: false, default: '0' },
      { name: 'status', type: 'TEXT', not_null: false, primary_key: false, default: null },
    ]);
    expect(result).toMatchObject({ has_more: false, next_offset: null });
  });

  it('describes one table on request and reports an unknown one', () => {
    const tool = new SqlSchemaTool(dbPath);
    expect(run(tool, { table: 'customers' }).tables.map((t: any) => t.name)).toEqual(['customers']);
    expect(run(tool, { table: 'nope' })).toEqual({ status: 'error', message: "no table or view named 'nope'; call sql_schema without arguments to list them" });
  });
});

describe('through an agent', () => {
  it('runs in read-only mode with defaults applied by the agent, and the model reads the page', async () => {
    const llm = new ScriptedLLM([
      reply('', { toolCalls: [toolCall('sql_query', { sql: 'SELECT id FROM customers ORDER BY id' }, 'call_q')] }),
      reply('There are many customers.'),
    ]);
    const agent = new Agentao({ workingDirectory: dir, llm, readOnly: true, extraTools: createSqliteTools('shop.db') });
    try {
      expect(await agent.chat('How many customers?')).toBe('There are many customers.');
      const toolMessage = agent.messages.find((m) => m.role === 'tool') as { content: string };
      expect(JSON.parse(toolMessage.content)).toMatchObject({ status: 'ok', row_count: SQL_QUERY_DEFAULT_LIMIT, has_more: true });
    } finally {
      await agent.close();
    }
  });
});
