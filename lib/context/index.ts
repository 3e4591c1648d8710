export type { RecentSpan, MessageRole, TranscriptMessage, StoredPart, StoredSummary, SummaryRef } from "./types";
export { latestRunIndex } from "./run-floor";
export { summaryCutIndex } from "./summary-cut";
export { pickCut } from "./pick-cut";
export { SUMMARY_LABEL, summaryPartText } from "./summary-part";
export { planModelInput, type ModelInputPlan } from "./plan";
export { boundRun, runFits, type BoundedSpan, type RunBound } from "./bounded-span";
export { verifyRequest, type RequestCheck, type RequestExpectation } from "./request-check";
export {
  countMessageTokens,
  estimateInputTokens,
  messageText,
  partTokenText,
  sumTokens,
  type CountTokens,
  type InputTokenEstimate,
} from "./tokens";
export { extractNames, missingNames, namesSection } from "./names";
export { excerpt, runDigest, type DigestMessage, type DigestRun, type RunDigestOptions } from "./run-digest";
export { chunkByTokens, summarizerText } from "./summarizer-input";
export { keepsName } from "./names";
export { latestSightings, messageNames, messageSightings, type NameSighting } from "./message-names";
export { mergeNamesFile, NAMES_FILE_NOTICE, NAMES_FILE_PATH, parseNamesFile, renderNamesFile } from "./names-file";
export { fitSummary, type FittedSummary } from "./summary-budget";
export { pinnedPartText, selectPins, type PinCandidate } from "./pins";
export { STALE_CUT_REMOVED, STALE_NEW_RUN, staleReason } from "./summary-cut";
export {
  outputText,
  sentMessageTokens,
  shrinkToolResults,
  TOOL_OUTPUT_DIR,
  toolOutputPath,
  toolResultBaseCap,
  type ShrunkResult,
  type ToolResultBound,
} from "./tool-result-shrink";
export { cacheProviderOf, withCacheBreakpoints, type CacheProvider } from "./cache-breakpoints";
export {
  ATTACHMENT_PART,
  attachmentNote,
  attachmentRef,
  carriedAttachments,
  imageRefs,
  withAttachmentInputs,
  type AttachmentRef,
  type CarriedAttachment,
} from "./attachment-parts";
export { withoutAnsweredApprovalCopies } from "./answered-approvals";
