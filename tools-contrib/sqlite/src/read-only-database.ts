import { existsSync } from 'node:fs';
import { AgentaoError } from '@agentao/core';
import Database from 'better-sqlite3';

/**
 * Read-only connections by resolved file path, opened on first use. One instance is shared by a
 * tool and its sub-agent copies: better-sqlite3 is synchronous, so each statement runs to
 * completion on the one JS thread and concurrent calls never interleave on a connection.
 */
export class ReadOnlyDatabase {
  private readonly connections = new Map<string, Database.Database>();

  /** The read-only connection for `path`; throws `CONFIG_INVALID` when the file is missing. */
  open(path: string): Database.Database {
    const cached = this.connections.get(path);
    if (cached !== undefined && cached.open) return cached;
    // fileMustExist keeps a typo from creating an empty database the model would then describe.
    if (!existsSync(path)) throw new AgentaoError('CONFIG_INVALID', `database file not found: ${path}`);
    const db = new Database(path, { readonly: true, fileMustExist: true });
    this.connections.set(path, db);
    return db;
  }

  /** Closes every connection; later calls reopen lazily. */
  close(): void {
    for (const db of this.connections.values()) db.close();
    this.connections.clear();
  }
}
