-- CreateTable
CREATE TABLE "ReplyPart" (
    "messageId" TEXT NOT NULL,
    "idx" INTEGER NOT NULL,
    "part" TEXT NOT NULL,

    CONSTRAINT "ReplyPart_pkey" PRIMARY KEY ("messageId","idx")
);

-- AddForeignKey
ALTER TABLE "ReplyPart" ADD CONSTRAINT "ReplyPart_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message"("id") ON DELETE CASCADE ON UPDATE CASCADE;
