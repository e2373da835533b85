import { Tool } from '@agentao/core';
import type Database from 'better-sqlite3';
import { ReadOnlyDatabase } from './read-only-database';
import { errorJson, messageOf } from './tool-json';

/** Shared base of the SQLite tools: read-only, one database file, failures returned as error JSON. */
export abstract class SqliteTool extends Tool {
  // sql_query and sql_schema bind a file and a connection cache the same way and turn every failure
  // into the same error JSON; keeping that in one place keeps the two tools from drifting apart.
  override readonly isReadOnly = true;
  // A shallow copy shares `database`, which is safe to use from parent and sub-agent (see ReadOnlyDatabase).
  override readonly copiesToSubagents = true;

  /**
   * @param dbPath the SQLite file; relative paths resolve against the bound working directory at call time.
   * @param database connection cache to share with the sibling tool; default a new one.
   */
  constructor(
    readonly dbPath: string,
    protected readonly database: ReadOnlyDatabase = new ReadOnlyDatabase(),
  ) {
    super();
  }

  /** Runs `query` on the read-only connection; a missing file or SQLite error becomes `{status:"error", message}`. */
  protected withDatabase(query: (db: Database.Database) => string): string {
    try {
      return query(this.database.open(this.resolvePath(this.dbPath)));
    } catch (error) {
      return errorJson(messageOf(error));
    }
  }
}
