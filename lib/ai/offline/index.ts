export { createOfflineModel, DEFAULT_CACHE_SCOPE, type OfflineModelOptions, type OfflineRole } from "./model";
export { OFFLINE_NOTICE } from "./notice";
export { serializePrompt } from "./serialize";
