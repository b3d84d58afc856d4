/** The single row a statement must return (an insert's or an update's RETURNING). */
export function only<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('The statement returned no row');
  return row;
}

/** The fields that were sent: a partial update must not overwrite columns with undefined. */
export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
