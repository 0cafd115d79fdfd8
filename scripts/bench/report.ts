import { type Database, type Row } from './settings';

/** The report: one line per figure, a column per database, then the target. */
export function print(rows: Row[], databases: Database[]): void {
  const width = Math.max(...rows.map((r) => r.name.length)) + 2;
  const cellWidth = Math.max(
    44,
    ...rows.flatMap((r) => databases.map((d) => (r.cells[d] ?? '').length + 2)),
  );
  const header = `${''.padEnd(width)}${databases.map((d) => (d === 'pglite' ? 'PGlite' : 'PostgreSQL').padEnd(cellWidth)).join('')}target`;
  console.log(header);
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(width)}${databases.map((d) => (r.cells[d] ?? '').padEnd(cellWidth)).join('')}${r.target}`,
    );
  }
}
