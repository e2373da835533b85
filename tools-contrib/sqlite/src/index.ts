export {
  SqlQueryTool,
  SQL_QUERY_DEFAULT_LIMIT,
  SQL_QUERY_MAX_LIMIT,
  SQL_QUERY_MAX_CELL_CHARS,
  SQL_QUERY_MAX_RESULT_CHARS,
  SQL_QUERY_MAX_SQL_CHARS,
  SQL_CELL_TRUNCATION_MARK,
} from './sql-query-tool';
export { SqlSchemaTool, SQL_SCHEMA_MAX_TABLES, SQL_SCHEMA_MAX_RESULT_CHARS } from './sql-schema-tool';
export { ReadOnlyDatabase } from './read-only-database';
export { createSqliteTools } from './create-sqlite-tools';
