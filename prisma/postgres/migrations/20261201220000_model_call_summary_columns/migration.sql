-- "Window" named four things (see the glossary in docs/architecture.md). These columns say whether
-- the request carried the summary on the cut message (and the recent span after it), and why not.
ALTER TABLE "ModelCall" RENAME COLUMN "windowApplied" TO "summaryApplied";
ALTER TABLE "ModelCall" RENAME COLUMN "windowCutMessageId" TO "cutMessageId";
ALTER TABLE "ModelCall" RENAME COLUMN "windowReason" TO "summarySkippedReason";
