/**
 * Jest-only shim. `app.inject` (light-my-request) requires the ESM-only `cookie` package, which jest's
 * CommonJS sandbox cannot load (Node 20 has require(esm), jest 30 on Node 20 does not). It uses one
 * function of it, only for the `cookies` inject option; this stands in for it. Imported first by build.ts.
 */
jest.mock('cookie', () => ({
  stringifySetCookie: ({ name, value }: { name: string; value: string }) => `${name}=${encodeURIComponent(value)}`,
}));

export {};
