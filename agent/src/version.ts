/**
 * The agent's version as `GET /version` answers it. The console picks the server paths by it: a
 * version starting with `1` means CMS-v1, any other CMS-v2 (signin §5). This agent speaks CMS-v2.
 */
export const AGENT_VERSION = '2.0.0';
