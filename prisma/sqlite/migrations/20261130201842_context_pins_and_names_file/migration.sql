-- AlterTable
ALTER TABLE "Compaction" ADD COLUMN "namesFiled" INTEGER;

-- AlterTable
ALTER TABLE "Message" ADD COLUMN "pinnedAt" DATETIME;
