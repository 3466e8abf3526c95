/** The set-up shared by the `apikeys` commands: a signed-in session (API keys are managed by people). */
import type { CliContext } from '../../context';
import { CliError, NOT_SIGNED_IN_MESSAGE } from '../../utils/errors';
import { openSession, type CliSession } from '../../utils/session';

/**
 * Opens the connection for an `apikeys` command with the profile's session, never `TESSERA_API_KEY`: the
 * server refuses key management to API keys, so a run with only a key is told to sign in instead.
 */
export function openApiKeysSession(context: CliContext, server: string | undefined): CliSession {
  // A signed-in profile wins here: the key in the environment would only be refused.
  const session = openSession({ ...context, env: { ...context.env, TESSERA_API_KEY: undefined } }, { server });
  if (session.credentials === 'profile') return session;
  if (!context.env.TESSERA_API_KEY?.trim()) throw new CliError('NOT_LOGGED_IN', NOT_SIGNED_IN_MESSAGE);
  throw new CliError('FAILURE', 'API keys cannot manage API keys. Run `tessera login` as a person holding apiKeyManage.');
}
