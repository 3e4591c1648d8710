-- The full-text index keyed on a stable integer instead of "Message".rowid. "Message" has a text
-- primary key, so its rowid is implicit, and SQLite documents that VACUUM may renumber the rowids
-- of such tables: an index keyed on them would then point at the wrong messages. Each message
-- gets a key of its own in "MessageSearchKey" (an INTEGER PRIMARY KEY, which VACUUM keeps), and
-- the external-content FTS5 table reads its text through a view joined on that key. The triggers
-- keep key, index and row in step in the same transaction as the message write, as before.
-- Not in schema.prisma (Prisma has no FTS5); lib/search/engines.ts joins through the key.
DROP TRIGGER "Message_fts_insert";
DROP TRIGGER "Message_fts_delete";
DROP TRIGGER "Message_fts_update";
DROP TABLE "MessageFts";

-- No foreign key: the delete trigger needs the key after the message row is gone.
CREATE TABLE "MessageSearchKey" (
  "key" INTEGER PRIMARY KEY,
  "messageId" TEXT NOT NULL UNIQUE
);

CREATE VIEW "MessageSearchText" AS
  SELECT k."key" AS "key", m."text" AS "text", m."threadId" AS "threadId"
  FROM "MessageSearchKey" k JOIN "Message" m ON m."id" = k."messageId";

CREATE VIRTUAL TABLE "MessageFts" USING fts5(
  "text",
  "threadId",
  content = 'MessageSearchText',
  content_rowid = 'key',
  tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER "Message_fts_insert" AFTER INSERT ON "Message" BEGIN
  INSERT INTO "MessageSearchKey" ("messageId") VALUES (new."id");
  INSERT INTO "MessageFts" (rowid, "text", "threadId")
    SELECT k."key", new."text", new."threadId" FROM "MessageSearchKey" k WHERE k."messageId" = new."id";
END;

CREATE TRIGGER "Message_fts_delete" AFTER DELETE ON "Message" BEGIN
  INSERT INTO "MessageFts" ("MessageFts", rowid, "text", "threadId")
    SELECT 'delete', k."key", old."text", old."threadId" FROM "MessageSearchKey" k WHERE k."messageId" = old."id";
  DELETE FROM "MessageSearchKey" WHERE "messageId" = old."id";
END;

CREATE TRIGGER "Message_fts_update" AFTER UPDATE OF "text", "threadId" ON "Message" BEGIN
  INSERT INTO "MessageFts" ("MessageFts", rowid, "text", "threadId")
    SELECT 'delete', k."key", old."text", old."threadId" FROM "MessageSearchKey" k WHERE k."messageId" = old."id";
  INSERT INTO "MessageFts" (rowid, "text", "threadId")
    SELECT k."key", new."text", new."threadId" FROM "MessageSearchKey" k WHERE k."messageId" = new."id";
END;

-- Messages stored before this migration, keyed in their insertion order (newest = highest key).
INSERT INTO "MessageSearchKey" ("messageId") SELECT "id" FROM "Message" ORDER BY rowid;
INSERT INTO "MessageFts" ("MessageFts") VALUES ('rebuild');
