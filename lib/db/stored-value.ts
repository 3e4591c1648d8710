/**
 * A closed text column read back from the database. The migrations refuse any other value on write
 * (a CHECK on PostgreSQL, triggers on SQLite), so a value outside the list means the database and
 * this code disagree (a newer or older schema): that is a server error, not a value to guess about.
 */
export function storedValue<const T extends string>(values: readonly T[], value: string, column: string): T {
  if ((values as readonly string[]).includes(value)) return value as T;
  throw new Error(`${column} holds "${value}", which this code does not know (expected one of ${values.join(", ")})`);
}
