import pg from "pg";

/** Connections other than this one open to the database at `url` (pg_stat_activity). */
export async function postgresBackends(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      "SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return rows[0].n as number;
  } finally {
    await admin.end();
  }
}
