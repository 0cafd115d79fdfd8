import { type Database, deleteBatch } from './database';

/**
 * Deletes at most `limit` rows of `table` whose `column` is before `cutoff`, and counts them. The
 * table and column are names written in the adapters, never input.
 */
export function deleteRowsBefore(
  db: Database,
  table: string,
  column: string,
  cutoff: Date,
  limit: number,
): Promise<number> {
  return deleteBatch(
    db,
    `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE ${column} < $1 LIMIT $2)`,
    [cutoff, limit],
  );
}
