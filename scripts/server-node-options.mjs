/**
 * The node options the server process runs with: `npm start` (scripts/start.mjs) and the benchmarks start it with
 * these, so that the figures are those of the server as it is started.
 *
 * --max-semi-space-size=64 (MB; node 20's default is 16): under load every request in flight holds its objects across
 * its awaits (the worker's check, the group commit), so each scavenge of a small young generation copies them all and
 * runs every few tens of milliseconds. A larger one is scavenged about four times less often for a similar copy each
 * time: at 256 concurrent issuances the event loop's scavenge time fell from ~370 to ~170 ms in 5 s (docs/bench.md,
 * session 14), with ~190 MB more address space reserved at most.
 */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=64'];
