/**
 * A server value as it arrives in the browser after JSON: dates become ISO strings. Lets a wire
 * type be derived from the server's own return type instead of being copied by hand.
 */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;
