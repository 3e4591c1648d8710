import { defineConfig } from "prisma/config";

// One models file, two providers: DATABASE_URL picks the schema and the migrations folder, so the
// normal Prisma CLI works on connected machines with the same migrations the offline runner applies.
const url = process.env.DATABASE_URL ?? "file:./data/app.db";
const provider = /^postgres(ql)?:\/\//.test(url) ? "postgres" : "sqlite";

export default defineConfig({
  schema: `prisma/${provider}/schema.prisma`,
  migrations: { path: `prisma/${provider}/migrations` },
  datasource: { url },
});
