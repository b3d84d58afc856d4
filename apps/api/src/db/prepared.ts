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
