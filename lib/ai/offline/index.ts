export { createOfflineModel, DEFAULT_CACHE_SCOPE, type OfflineModelOptions } from "./model";
export { OFFLINE_SUMMARIZER_MARKER } from "./summarizer-protocol";
export { OFFLINE_NOTICE } from "./notice";
export { serializePrompt } from "./serialize";
