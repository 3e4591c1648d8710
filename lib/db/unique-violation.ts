/** Prisma's unique-constraint error (P2002), whichever adapter raised it. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "P2002";
}

/**
 * An insert-if-absent: the row may already be there (another request or instance inserted it
 * first), and only that is tolerated. Any other failure (the database is down, a constraint the
 * caller did not expect) is thrown, not taken for "already there".
 */
export async function insertUnlessPresent(insert: PromiseLike<unknown>): Promise<void> {
  try {
    await insert;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
}
