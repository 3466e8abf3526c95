import { useState } from 'react';
import { Button, Text } from '@primer/react';
import { PageLayout } from '@tessera/ui';

function RenderCrash(): never {
  throw new Error('Error demo: render error');
}

/**
 * `/errorBoundary`, the technician's error demo (admin-console §2.3): three ways to crash, to check
 * that each reaches the Unexpected Error screen. An event-handler error and an unhandled rejection
 * reach it through the window `error` / `unhandledrejection` events (root-config); a render error
 * through the shell's error boundary.
 */
export function ErrorDemoPage() {
  const [crash, setCrash] = useState(false);
  return (
    <PageLayout title="Error demo">
      <Text as="p">Each button causes an error of one kind.</Text>
      <div style={{ display: 'flex', gap: 'var(--base-size-8, 8px)', flexWrap: 'wrap' }}>
        <Button
          onClick={() => {
            throw new Error('Error demo: event error');
          }}
        >
          Cause event error
        </Button>
        <Button onClick={() => void Promise.reject(new Error('Error demo: async error'))}>Cause async error</Button>
        <Button variant="danger" onClick={() => setCrash(true)}>
          Cause render error
        </Button>
      </div>
      {crash ? <RenderCrash /> : null}
    </PageLayout>
  );
}
