// The Node module hook behind test-modules.preload.mjs.
import { fileURLToPath, pathToFileURL } from "node:url";
import { swappedNames, testModuleFor } from "./test-modules.mjs";

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (
    !swappedNames.some((name) => specifier.includes(name)) ||
    !resolved.url.startsWith("file:") ||
    !context.parentURL?.startsWith("file:")
  ) {
    return resolved;
  }
  const test = testModuleFor(fileURLToPath(resolved.url), fileURLToPath(context.parentURL));
  return test ? { ...resolved, url: pathToFileURL(test).href, shortCircuit: true } : resolved;
}
