-- Messages form a tree (issue 40). A row that left the live transcript records its parent: the row
-- that was live before it at the moment it left, which is the latest row before it in seq order
-- that was still live then (never deleted, or deleted at the same moment or later).
ALTER TABLE "Message" ADD COLUMN "parentId" TEXT;

UPDATE "Message" SET "parentId" = (
  SELECT p."id" FROM "Message" p
  WHERE p."threadId" = "Message"."threadId" AND p."seq" < "Message"."seq"
    AND (p."deletedAt" IS NULL OR p."deletedAt" >= "Message"."deletedAt")
  ORDER BY p."seq" DESC LIMIT 1
)
WHERE "deletedAt" IS NOT NULL;

CREATE INDEX "Message_threadId_parentId_idx" ON "Message"("threadId", "parentId");
