-- Full-text search over message text (lib/search). Two expression indexes, which PostgreSQL keeps
-- in step with every insert, update, edit and delete in the writing transaction itself:
-- a GIN over the English tsvector (words, with stemming) and a trigram GIN (pg_trgm) that serves
-- case-insensitive substring matches for exact identifiers and paths (src/api/accounts.ts,
-- getAccountHandler), which the text parser would split or stem.
-- Not in schema.prisma (Prisma cannot express expression indexes for both providers), so a future
-- generated migration may propose dropping them: delete those lines from its output.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "Message_text_fts_idx" ON "Message" USING GIN (to_tsvector('english'::regconfig, "text"));

CREATE INDEX "Message_text_trgm_idx" ON "Message" USING GIN ("text" gin_trgm_ops);
