/**
 * The values of a string union as a list, written out by the test and checked by the compiler: a
 * value missing from `values`, or one the union does not have, is a type error. For unions the app
 * only types with (it keeps no list of its own to export).
 */
export function everyValue<T extends string>(values: Record<T, true>): T[] {
  return Object.keys(values) as T[];
}
