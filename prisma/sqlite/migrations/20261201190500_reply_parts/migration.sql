-- CreateTable
CREATE TABLE "ReplyPart" (
    "messageId" TEXT NOT NULL,
    "idx" INTEGER NOT NULL,
    "part" TEXT NOT NULL,

    PRIMARY KEY ("messageId", "idx"),
    CONSTRAINT "ReplyPart_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
