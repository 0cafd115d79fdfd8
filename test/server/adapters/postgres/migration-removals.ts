/**
 * What a migration script takes away from the schema that a running release may still use:
 * tables and columns dropped or renamed. Read from the SQL text, with comments, string literals
 * and dollar-quoted bodies (functions run later, not by the migration) left out first.
 * Each is one line: `drop table t`, `rename table t to u`, `drop column t.c`,
 * `rename column t.c to d`.
 */
export function removalsIn(sql: string): string[] {
  return statementsOf(sql).flatMap(removalsOfStatement);
}

function statementsOf(sql: string): string[] {
  const code = sql
    .replace(/\$([A-Za-z_]\w*)?\$[\s\S]*?\$\1\$/g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ');
  return code
    .split(';')
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter((statement) => statement !== '');
}

/** Unquoted identifiers are case-insensitive; quoted ones lose their quotes. */
const name = (identifier: string): string =>
  identifier.startsWith('"') ? identifier.slice(1, -1) : identifier.toLowerCase();
const IDENTIFIER = String.raw`(?:"[^"]+"|[\w.]+)`;

function removalsOfStatement(statement: string): string[] {
  const dropTable = new RegExp(
    String.raw`^drop table (?:if exists )?(.+?)(?: cascade| restrict)?$`,
    'i',
  ).exec(statement);
  if (dropTable) {
    return (dropTable[1] ?? '').split(',').map((table) => `drop table ${name(table.trim())}`);
  }
  const alter = new RegExp(
    String.raw`^alter table (?:if exists )?(?:only )?(${IDENTIFIER}) (.*)$`,
    'i',
  ).exec(statement);
  if (!alter) return [];
  const table = name(alter[1] ?? '');
  const actions = alter[2] ?? '';
  const renameTable = new RegExp(String.raw`^rename to (${IDENTIFIER})$`, 'i').exec(actions);
  if (renameTable) return [`rename table ${table} to ${name(renameTable[1] ?? '')}`];
  const renameColumn = new RegExp(
    String.raw`^rename (?:column )?(?!constraint )(${IDENTIFIER}) to (${IDENTIFIER})$`,
    'i',
  ).exec(actions);
  if (renameColumn) {
    return [
      `rename column ${table}.${name(renameColumn[1] ?? '')} to ${name(renameColumn[2] ?? '')}`,
    ];
  }
  const dropColumn = new RegExp(
    String.raw`^drop (?:column )?(?!constraint )(?:if exists )?(${IDENTIFIER})`,
    'i',
  );
  return topLevelParts(actions).flatMap((action) => {
    const dropped = dropColumn.exec(action);
    return dropped ? [`drop column ${table}.${name(dropped[1] ?? '')}`] : [];
  });
}

/** An ALTER TABLE's actions: split at the commas outside parentheses. */
function topLevelParts(actions: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of actions) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current.trim());
  return parts;
}
