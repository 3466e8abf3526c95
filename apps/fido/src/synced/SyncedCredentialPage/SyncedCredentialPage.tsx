import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Text } from '@primer/react';
import { PageLayout, TextField } from '@tessera/ui';
import { syncedActions, syncedSelectors } from '../synced.slice';

/**
 * `/credentials/fido/synced-credential/{id}` [viewFidoCredentials]: a passkey synced between a
 * user's devices (backup state set) — rename, mark or unmark for deletion, delete (signin §7, §8).
 */
export function SyncedCredentialPage({ credentialId }: { credentialId: string }) {
  const dispatch = useDispatch();
  const { loading, credential, deleted, loadFailed } = useSelector(syncedSelectors.select);
  const [name, setName] = useState('');

  useEffect(() => {
    dispatch(syncedActions.syncedRequested({ credentialId }));
    return () => void dispatch(syncedActions.cleared());
  }, [dispatch, credentialId]);
  useEffect(() => {
    if (credential) setName(credential.customName);
  }, [credential]);

  const onRename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() !== '') dispatch(syncedActions.renameRequested({ credentialId, newCustomName: name.trim() }));
  };

  return (
    <PageLayout title="Synced FIDO credential">
      {loading && !credential && <Text as="p" role="status">Loading FIDO credential…</Text>}
      {deleted && <Flash variant="success">The FIDO credential was deleted.</Flash>}
      {loadFailed && !deleted && <Text as="p">The FIDO credential could not be loaded.</Text>}
      {credential && (
        <>
          <dl>
            <dt>Name</dt>
            <dd>{credential.customName}</dd>
            <dt>User</dt>
            <dd>{credential.username}</dd>
            <dt>Status</dt>
            <dd>{credential.markedForDeletion ? 'Marked for deletion' : 'Active'}</dd>
            <dt>Last used</dt>
            <dd>{credential.lastUsedAt ? new Date(credential.lastUsedAt).toLocaleString() : 'Never'}</dd>
          </dl>
          <form onSubmit={onRename} aria-label="Rename FIDO credential" style={{ maxWidth: 420 }}>
            <TextField label="New name" name="newCustomName" value={name} onChange={(e) => setName(e.target.value)} />
            <Button type="submit">Rename</Button>
          </form>
          <div style={{ display: 'flex', gap: 8, marginTop: 16 }}>
            <Button onClick={() => dispatch(syncedActions.markRequested({ credentialId, markedForDeletion: !credential.markedForDeletion }))}>
              {credential.markedForDeletion ? 'Unmark for deletion' : 'Mark for deletion'}
            </Button>
            <Button variant="danger" onClick={() => dispatch(syncedActions.deleteRequested({ credentialId }))}>
              Delete
            </Button>
          </div>
        </>
      )}
    </PageLayout>
  );
}
