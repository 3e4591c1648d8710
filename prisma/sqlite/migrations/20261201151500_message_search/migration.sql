-- Full-text search over message text (lib/search). An external-content FTS5 table: the text lives
-- once, in "Message", and the index follows it through triggers, so every insert, streamed update,
-- edit and delete changes the index in the same transaction as the row. "threadId" is indexed as
-- a column too, so a thread's search narrows inside the index (threadId : "<id>") instead of
-- joining every match in the database. Rows an edit removed keep their entries (deletedAt is
-- filtered in the query): the audit trail stays searchable on request.
-- Not in schema.prisma (Prisma has no FTS5).
CREATE VIRTUAL TABLE "MessageFts" USING fts5(
  "text",
  "threadId",
  content = 'Message',
  content_rowid = 'rowid',
  tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER "Message_fts_insert" AFTER INSERT ON "Message" BEGIN
  INSERT INTO "MessageFts" (rowid, "text", "threadId") VALUES (new.rowid, new."text", new."threadId");
END;

CREATE TRIGGER "Message_fts_delete" AFTER DELETE ON "Message" BEGIN
  INSERT INTO "MessageFts" ("MessageFts", rowid, "text", "threadId") VALUES ('delete', old.rowid, old."text", old."threadId");
END;

CREATE TRIGGER "Message_fts_update" AFTER UPDATE OF "text", "threadId" ON "Message" BEGIN
  INSERT INTO "MessageFts" ("MessageFts", rowid, "text", "threadId") VALUES ('delete', old.rowid, old."text", old."threadId");
  INSERT INTO "MessageFts" (rowid, "text", "threadId") VALUES (new.rowid, new."text", new."threadId");
END;

-- Messages stored before this migration.
INSERT INTO "MessageFts" ("MessageFts") VALUES ('rebuild');
