-- CreateTable
CREATE TABLE "RateCounter" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "window" INTEGER NOT NULL,
    "count" INTEGER NOT NULL
);
