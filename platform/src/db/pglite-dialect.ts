import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A Kysely dialect over one PGlite instance (kysely 0.28 ships none; STACK.md). PGlite is a single
 * session, so the driver hands out its one connection to one user at a time: a transaction holds it
 * from BEGIN to COMMIT and every other query waits, which serialises transactions exactly like a
 * pool of size one.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Like pg, a query without parameters goes through the simple protocol, so SQL scripts
    // (migrations) with several statements work; the last statement's result is returned.
    if (compiled.parameters.length === 0) {
      const results = await this.pglite.exec(compiled.sql);
      const last = results[results.length - 1];
      return toResult<R>(last?.rows ?? [], last?.affectedRows, compiled.sql);
    }
    const res = await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    return toResult<R>(res.rows, res.affectedRows, compiled.sql);
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the PGlite driver');
  }
}

function toResult<R>(rows: unknown[], affected: number | undefined, sqlText: string): QueryResult<R> {
  const isWrite = /^\s*(insert|update|delete|merge)/i.test(sqlText);
  return {
    rows: rows as R[],
    ...(isWrite ? { numAffectedRows: BigInt(affected ?? 0) } : {}),
  };
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // A FIFO mutex: each acquirer waits for the previous holder to release.
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = null;
    release?.();
  }

  async destroy(): Promise<void> {
    await this.queue;
    await this.pglite.close();
  }
}
