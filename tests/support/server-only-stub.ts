// Tests run lib/ code directly in Node, where the real "server-only" would throw: it is meant for
// the bundler, which resolves it to an empty module on the server (the react-server condition).
export {};
