/**
 * What `@rjsf/validator-ajv8` resolves to (the alias is in electron.vite.config.ts and
 * vitest.config.ts). @rjsf/core's index imports it for its test helper `getTestRegistry`, which
 * the app never calls, but the import must resolve. The package itself is not installed: ajv
 * compiles with `new Function`, which the renderer's CSP forbids (see cfworkerValidator.ts).
 */
export { cfworkerValidator as default } from './cfworkerValidator';
