-- Titles made by the model and archived chats (issue 42 item 4).
-- "autoTitle": the title is still the automatic one the model's title may replace. Chats that
-- exist already keep theirs (a person may have chosen it), except those not named yet.
ALTER TABLE "Thread" ADD COLUMN "autoTitle" BOOLEAN NOT NULL DEFAULT true;
UPDATE "Thread" SET "autoTitle" = false WHERE "title" <> 'New chat';
ALTER TABLE "Thread" ADD COLUMN "archivedAt" TIMESTAMP(3);

-- lib/db/model-calls.ts: a title call is recorded like the others.
ALTER TABLE "ModelCall" DROP CONSTRAINT "ModelCall_kind_check";
ALTER TABLE "ModelCall" ADD CONSTRAINT "ModelCall_kind_check" CHECK ("kind" IN ('chat', 'summary', 'title'));
