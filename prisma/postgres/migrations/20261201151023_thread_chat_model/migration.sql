-- AlterTable
ALTER TABLE "Thread" ADD COLUMN "chatModel" TEXT;
