import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Heading, Text } from '@primer/react';
import { AGENT_URL_INVALID, normaliseAgentUrl } from '@tessera/domain';
import { TextField } from '@tessera/ui';
import { readersActions, readersSelectors } from '../readers.slice';
import type { AgentUrlSource } from '../agentUrl';

const SOURCE_TEXT: Record<AgentUrlSource, string> = {
  user: 'set by you in this browser',
  server: 'from the server’s configuration',
  default: 'the default',
};

/**
 * Where the console looks for the local security client, and a field to set another address (kept in
 * this browser) or go back to the server's. Saving connects again at once.
 */
export function AgentAddressSection() {
  const dispatch = useDispatch();
  const { agentUrl, agentUrlSource } = useSelector(readersSelectors.selectState);
  const [text, setText] = useState(agentUrl ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(agentUrl ?? ''), [agentUrl]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = normaliseAgentUrl(text);
    if (!url) {
      setError(AGENT_URL_INVALID);
      return;
    }
    setError(null);
    dispatch(readersActions.agentUrlChanged({ url }));
  };

  return (
    <section aria-label="Security client" style={{ marginTop: 24, maxWidth: 480 }}>
      <Heading as="h2" style={{ fontSize: 16 }}>
        Security client
      </Heading>
      {agentUrl && agentUrlSource ? (
        <Text as="p" data-testid="agent-url">
          Looking for the security client at <code>{agentUrl}</code> ({SOURCE_TEXT[agentUrlSource]}).
        </Text>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-label="Change the security client address">
        <TextField
          label="Security client address"
          hint="Where the security client listens on this computer, e.g. http://127.0.0.1:8802."
          name="agentUrl"
          placeholder="http://127.0.0.1:8802"
          autoComplete="off"
          spellCheck={false}
          value={text}
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button type="submit">Save and connect</Button>
          {agentUrlSource === 'user' ? (
          <Button type="button" variant="invisible" onClick={() => dispatch(readersActions.agentUrlChanged({ url: null }))}>
              Use the server’s address
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
