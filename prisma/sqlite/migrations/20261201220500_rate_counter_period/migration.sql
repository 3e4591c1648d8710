-- The column holds a rate period's index (lib/limits/rate-period.ts), not a "window": the glossary
-- in docs/architecture.md gives each concept one name. The settings keep their public names.
ALTER TABLE "RateCounter" RENAME COLUMN "window" TO "period";
