import { ReadOnlyDatabase } from './read-only-database';
import { SqlQueryTool } from './sql-query-tool';
import { SqlSchemaTool } from './sql-schema-tool';

/** Both SQLite tools for one database file, sharing one read-only connection cache. */
export function createSqliteTools(dbPath: string): [SqlQueryTool, SqlSchemaTool] {
  const database = new ReadOnlyDatabase();
  return [new SqlQueryTool(dbPath, database), new SqlSchemaTool(dbPath, database)];
}
