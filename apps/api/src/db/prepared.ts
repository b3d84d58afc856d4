import type { Database } from './client';

/**
 * A query built once per database handle and shape, then run with new values each time.
 *
 * Drizzle turns its query objects into SQL text on every call, and for the short reads every page makes
 * that costs more Node time than PostgreSQL spends answering (a page of transactions: 0.56 ms of CPU built
 * per request, 0.42 ms prepared; bench/README.md, round 3). The server is single-threaded, so that time is
 * taken from every other request. A query whose WHERE clause
 * depends on which filters are present has one shape per combination: `shape` names it, and the values go
 * in as `sql.placeholder`s.
 */
export function preparedPerShape<Shape extends string, Query>(
  build: (db: Database, shape: Shape) => Query,
): (db: Database, shape: Shape) => Query {
  const cache = new WeakMap<Database, Map<Shape, Query>>();
  return (db, shape) => {
    let shapes = cache.get(db);
    if (!shapes) cache.set(db, (shapes = new Map<Shape, Query>()));
    let query = shapes.get(shape);
    if (!query) shapes.set(shape, (query = build(db, shape)));
    return query;
  };
}

/** The same, for a query of one shape. */
export function prepared<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const perShape = preparedPerShape((db) => build(db));
  return (db) => perShape(db, 'one');
}

/**
 * The shape of a set of values: the names of those given (not undefined or empty), e.g. `isIncome,startDate`.
 * `userId` is in every query, so it is left out.
 */
export function shapeOf(values: Record<string, unknown>): string {
  return Object.keys(values)
    .filter((key) => key !== 'userId' && values[key] !== undefined && values[key] !== '')
    .join(',');
}

/** Whether a shape made by `shapeOf` (optionally followed by `+…`) includes the value `key`. */
export function shapeHas(shape: string, key: string): boolean {
  return (shape.split('+')[0] ?? '').split(',').includes(key);
}

/**
 * A query built once and sent as an unnamed statement, so PostgreSQL plans it with each request's values.
 *
 * A named statement (drizzle's `.prepare(name)`: postgres.js then prepares it once per connection) is planned
 * with its values for five runs, after which PostgreSQL keeps a generic plan if that one's estimated cost is
 * no higher. For a substring search the generic plan cannot know the word: it assumes a default selectivity
 * (about 11 matches), so it fetches every match through the trigram indexes and sorts them. For a common
 * word that is thousands of rows per page (`pizza`: 2,771 rows, 1,406 buffers, ~4–13 ms) where walking the
 * list order reads ~320 (bench/README.md, round 4). Whether the switch happens depends on the ANALYZE
 * sample, so it differed between seeds. Planning with the word costs ~0.1 ms; use this only for such
 * queries. (drizzle sends a query prepared without a name, as `.execute()` does, unnamed.)
 */
export function plannedWithValues<Prepared>(query: { prepare(name: string): Prepared }): Prepared {
  return (query as unknown as { _prepare(): Prepared })._prepare();
}
