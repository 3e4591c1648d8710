-- Imports of our own export (issue 39 item 4, lib/export/import.ts): a thread made by an import
-- carries the file's SHA-256 and its place in the file. Unique per owner, so importing the same
-- file again (or twice at once) finds the threads the first import made instead of duplicating
-- them. NULLs are distinct in a unique index: threads not made by an import never collide.
ALTER TABLE "Thread" ADD COLUMN "importHash" TEXT,
ADD COLUMN "importIndex" INTEGER;

CREATE UNIQUE INDEX "Thread_userId_importHash_importIndex_key" ON "Thread"("userId", "importHash", "importIndex");
