import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Heading, Text } from '@primer/react';
import { FormError, RecoveryCodes, TextField } from '@tessera/ui';
import { mfaActions, mfaSelectors } from '../mfa.slice';

type Mode = 'idle' | 'enrol' | 'disable' | 'codes';

/**
 * Two-factor authentication of a user (admin-console §3 MFA status and enrolment): on the user's own
 * page, set up (QR code, secret, recovery codes, first code), turn off, or issue new recovery codes —
 * each after the password; on another user's page an administrator sees the status and resets it.
 * A viewer holding tenancyConfig also sets the tenant policy that requires MFA of every user.
 */
export function MfaSection({ userId, own, canSetPolicy = false }: { userId: string; own: boolean; canSetPolicy?: boolean }) {
  const dispatch = useDispatch();
  const { status, enrolment, recoveryCodes, busy, errorMessage } = useSelector(mfaSelectors.select);
  const current = status[userId];
  const [mode, setMode] = useState<Mode>('idle');
  const [password, setPassword] = useState('');
  const [passcode, setPasscode] = useState('');

  useEffect(() => {
    dispatch(mfaActions.statusRequested({ userId, own }));
    return () => void dispatch(mfaActions.cancelled());
  }, [dispatch, userId, own]);
  useEffect(() => {
    if (current?.isEnabled) setMode('idle');
  }, [current?.isEnabled]);

  const onPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode === 'enrol') dispatch(mfaActions.enrolRequested({ userId, password }));
    if (mode === 'disable') dispatch(mfaActions.disableRequested({ userId, password }));
    if (mode === 'codes') dispatch(mfaActions.recoveryCodesRequested({ userId, password }));
    setPassword('');
    if (mode !== 'enrol') setMode('idle');
  };
  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch(mfaActions.confirmRequested({ userId, passcode }));
    setPasscode('');
  };

  const statusText = !current ? 'Loading…' : current.isEnabled ? 'On' : 'Off';
  return (
    <section aria-label="Two-factor authentication" style={{ marginTop: 32, maxWidth: 480 }}>
      <Heading as="h2" style={{ fontSize: 20 }}>
        Two-factor authentication
      </Heading>
      <Text as="p">
        Status: <strong>{statusText}</strong>
        {current?.isRequired ? ' (required by your organisation)' : ''}
      </Text>
      <FormError>{errorMessage}</FormError>
      {own && canSetPolicy && current && (
        <label style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 12 }}>
          <input
            type="checkbox"
            checked={current.isRequired}
            disabled={busy}
            onChange={(e) => dispatch(mfaActions.policyRequested({ userId, isRequired: e.target.checked }))}
          />
          Require two-factor authentication for every user of the organisation
        </label>
      )}
      {!own && current && (
        <Button variant="danger" disabled={busy || !current.isSecretSet} onClick={() => dispatch(mfaActions.resetRequested({ userId }))}>
          Reset two-factor authentication
        </Button>
      )}
      {own && current && mode === 'idle' && !enrolment && (
        <div style={{ display: 'flex', gap: 8 }}>
          {!current.isEnabled && <Button onClick={() => setMode('enrol')}>Set up two-factor authentication</Button>}
          {current.isEnabled && <Button onClick={() => setMode('codes')}>New recovery codes</Button>}
          {current.isEnabled && !current.isRequired && (
            <Button variant="danger" onClick={() => setMode('disable')}>
              Turn off two-factor authentication
            </Button>
          )}
        </div>
      )}
      {own && mode !== 'idle' && !enrolment && (
        <form onSubmit={onPassword} aria-label="Password confirmation">
          <TextField label="Your password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <div style={{ display: 'flex', gap: 8 }}>
            <Button type="submit" variant="primary" loading={busy}>
              Continue
            </Button>
            <Button type="button" onClick={() => setMode('idle')}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {own && enrolment && (
        <div>
          <Text as="p">Scan this QR code with your authenticator app, or type the secret into it.</Text>
          <img src={enrolment.qr} alt="QR code for your authenticator app" width={200} height={200} />
          <Text as="p">
            Secret: <code aria-label="Secret">{enrolment.secret}</code>
          </Text>
          <RecoveryCodes codes={enrolment.recovery_codes} />
          <form onSubmit={onConfirm} aria-label="Confirm two-factor authentication">
            <TextField label="Authentication code" name="passcode" autoComplete="one-time-code" value={passcode} onChange={(e) => setPasscode(e.target.value)} />
            <div style={{ display: 'flex', gap: 8 }}>
              <Button type="submit" variant="primary" loading={busy}>
                Turn on
              </Button>
              <Button type="button" onClick={() => dispatch(mfaActions.cancelled())}>
                Cancel
              </Button>
            </div>
          </form>
        </div>
      )}
      {own && recoveryCodes.length > 0 && (
        <RecoveryCodes codes={recoveryCodes} title="New recovery codes" />
      )}
    </section>
  );
}
