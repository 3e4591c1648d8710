// Types for work-mode.preload.mjs: it exports nothing; importing it registers the work mode.
export {};
