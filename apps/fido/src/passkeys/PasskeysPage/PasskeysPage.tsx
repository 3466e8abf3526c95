import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Label, Link, Text } from '@primer/react';
import { defaultPasskeyName, type Fido2Credential } from '@tessera/domain';
import { followLink, PageLayout, TextField } from '@tessera/ui';
import { getSessionState } from '@tessera/bus';
import { MfaSection } from '../../mfa/MfaSection';
import { passkeysActions, passkeysSelectors } from '../passkeys.slice';

function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : 'Never';
}

function PasskeyRow({ userId, credential }: { userId: string; credential: Fido2Credential }) {
  const dispatch = useDispatch();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(credential.customName);
  // Each rename starts from the passkey's current name: a refused or cancelled name is not kept.
  const startEditing = () => {
    setName(credential.customName);
    setEditing(true);
  };
  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') return;
    dispatch(passkeysActions.renameRequested({ userId, id: credential.id, newCustomName: name.trim() }));
    setEditing(false);
  };
  return (
    <li aria-label={credential.customName} style={{ padding: '12px 0', borderBottom: '1px solid var(--borderColor-default, #d0d7de)' }}>
      {editing ? (
        <form onSubmit={onSave} aria-label={`Rename ${credential.customName}`} style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
          <TextField label="New name" name="newCustomName" value={name} onChange={(e) => setName(e.target.value)} />
          <Button type="submit" variant="primary">
            Save
          </Button>
          <Button type="button" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <Text style={{ fontWeight: 600 }}>{credential.customName}</Text>
          {credential.backedUp && (
            <Label variant="accent">
              <Link href={`/credentials/fido/synced-credential/${credential.id}`} onClick={followLink}>Synced</Link>
            </Label>
          )}
          <Text style={{ color: 'var(--fgColor-muted, #59636e)', fontSize: 12 }}>
            Created {formatDate(credential.createdAt)} · Last used {formatDate(credential.lastUsedAt)}
          </Text>
          <span style={{ flex: 1 }} />
          <Button size="small" aria-label={`Rename ${credential.customName}`} onClick={startEditing}>
            Rename
          </Button>
          <Button size="small" variant="danger" aria-label={`Delete ${credential.customName}`} onClick={() => dispatch(passkeysActions.deleteRequested({ userId, id: credential.id }))}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * `/credentials/fido/passkeys/{userID}` (admin-console §2): a user's passkeys — create (default name
 * 'Passkey' plus today's date), rename, delete. The user's own page, or another user's for an
 * administrator (the server checks).
 */
export function PasskeysPage({ userId }: { userId: string }) {
  const dispatch = useDispatch();
  const { loadingPasskeys, passkeyDetails, creatingFor, failedToLoad } = useSelector(passkeysSelectors.select);
  const details = passkeyDetails[userId];
  const [customName, setCustomName] = useState(() => defaultPasskeyName(new Date()));
  const session = getSessionState();
  const own = session.status === 'signedIn' && session.viewer.id === userId;
  const canSetPolicy = session.status === 'signedIn' && session.viewer.permission.View.includes('tenancyConfig');

  useEffect(() => {
    dispatch(passkeysActions.passkeysRequested({ userId }));
  }, [dispatch, userId]);

  const onCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch(passkeysActions.createRequested({ userId, customName: customName.trim() || defaultPasskeyName(new Date()) }));
  };

  return (
    <PageLayout title="Passkeys">
      {details && (
        <Text as="p">
          {details.displayName} ({details.username})
        </Text>
      )}
      {loadingPasskeys.includes(userId) && !details && <Text as="p" role="status">Loading passkeys…</Text>}
      {failedToLoad.includes(userId) && <Text as="p">The passkeys could not be loaded.</Text>}
      {details && details.registeredCredentials.length === 0 && <Text as="p">No passkeys yet.</Text>}
      {details && details.registeredCredentials.length > 0 && (
        <ul aria-label="Registered passkeys" style={{ listStyle: 'none', padding: 0 }}>
          {details.registeredCredentials.map((c) => (
            <PasskeyRow key={c.id} userId={userId} credential={c} />
          ))}
        </ul>
      )}
      <form onSubmit={onCreate} aria-label="Add a passkey" style={{ marginTop: 24, maxWidth: 420 }}>
        <TextField label="Passkey name" name="customName" value={customName} onChange={(e) => setCustomName(e.target.value)} />
        <Button type="submit" variant="primary" loading={creatingFor === userId}>
          Create passkey
        </Button>
      </form>
      <MfaSection userId={userId} own={own} canSetPolicy={canSetPolicy} />
    </PageLayout>
  );
}
