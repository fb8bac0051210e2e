import type { Kysely, KyselyPlugin } from 'kysely';

/**
 * `db` with a counter of the statements sent through it, in and out of its transactions (docs/0080):
 * what a money path costs in round trips. Transaction begin and commit are not counted here.
 */
export function countStatements<T>(db: Kysely<T>): { db: Kysely<T>; count(): number; reset(): void } {
  let statements = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      statements += 1;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  return {
    db: db.withPlugin(counter),
    count: () => statements,
    reset: () => {
      statements = 0;
    },
  };
}
