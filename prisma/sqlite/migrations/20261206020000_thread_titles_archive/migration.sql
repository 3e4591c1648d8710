-- Titles made by the model and archived chats (issue 42 item 4).
-- "autoTitle": the title is still the automatic one the model's title may replace. Chats that
-- exist already keep theirs (a person may have chosen it), except those not named yet.
ALTER TABLE "Thread" ADD COLUMN "autoTitle" BOOLEAN NOT NULL DEFAULT true;
UPDATE "Thread" SET "autoTitle" = false WHERE "title" <> 'New chat';
ALTER TABLE "Thread" ADD COLUMN "archivedAt" DATETIME;

-- lib/db/model-calls.ts: a title call is recorded like the others.
DROP TRIGGER "ModelCall_kind_check_insert";
DROP TRIGGER "ModelCall_kind_check_update";
CREATE TRIGGER "ModelCall_kind_check_insert" BEFORE INSERT ON "ModelCall"
  WHEN NEW."kind" NOT IN ('chat', 'summary', 'title')
  BEGIN SELECT RAISE(ABORT, 'ModelCall.kind must be one of chat, summary, title'); END;
CREATE TRIGGER "ModelCall_kind_check_update" BEFORE UPDATE OF "kind" ON "ModelCall"
  WHEN NEW."kind" NOT IN ('chat', 'summary', 'title')
  BEGIN SELECT RAISE(ABORT, 'ModelCall.kind must be one of chat, summary, title'); END;
