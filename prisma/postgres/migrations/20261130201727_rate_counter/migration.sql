-- CreateTable
CREATE TABLE "RateCounter" (
    "key" TEXT NOT NULL,
    "window" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "RateCounter_pkey" PRIMARY KEY ("key")
);
