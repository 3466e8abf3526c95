import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Link, Text } from '@primer/react';
import { MESSAGES, passwordRulesHint } from '@tessera/domain';
import { followLink, FormError, FullPageSpinner, PageLayout, TextField } from '@tessera/ui';
import { registrationActions, registrationSelectors } from '../registration.slice';

/**
 * `/activateaccount/{token}` (admin-console §2.1; issue 13): the activation link an administrator had
 * mailed is checked, then the account's first password is set, which activates it.
 */
export function ActivateAccountPage({ token }: { token: string }) {
  const dispatch = useDispatch();
  const { status, link, errorMessage, errorField, passwordConfig } = useSelector(registrationSelectors.select);
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);

  useEffect(() => {
    dispatch(registrationActions.linkCheckRequested({ token, purpose: 'activate' }));
    return () => void dispatch(registrationActions.cleared());
  }, [dispatch, token]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (newPassword !== confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    dispatch(registrationActions.activateSubmitted({ token, newPassword }));
  };

  if (status === 'idle' || status === 'validating') return <FullPageSpinner label="Checking the link" />;
  if (status === 'linkInvalid') {
    return (
      <PageLayout title="Activate account" style={{ maxWidth: 420 }}>
        <FormError>{MESSAGES.EMAIL_LINK_INVALID}</FormError>
        <Text as="p">Ask your administrator to send a new activation e-mail.</Text>
      </PageLayout>
    );
  }
  if (status === 'done') {
    return (
      <PageLayout title="Activate account" style={{ maxWidth: 420 }}>
        <Flash variant="success" role="status">
          {MESSAGES.ACCOUNT_ACTIVATED}
        </Flash>
        <Text as="p" style={{ marginTop: 16 }}>
          <Link href="/login" onClick={followLink}>
            Sign in
          </Link>
        </Text>
      </PageLayout>
    );
  }
  return (
    <PageLayout title="Activate account" style={{ maxWidth: 420 }}>
      <form onSubmit={onSubmit} noValidate aria-label="Activate account">
        <FormError>{status === 'submitError' && errorField !== 'newPassword' ? errorMessage : null}</FormError>
        {link?.username && <Text as="p">Choose a password for {link.username}.</Text>}
        <input type="text" name="username" autoComplete="username" value={link?.username ?? ''} readOnly hidden />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint={passwordConfig ? passwordRulesHint(passwordConfig.minLength) : undefined}
          value={newPassword}
          error={status === 'submitError' && errorField === 'newPassword' ? (errorMessage ?? undefined) : undefined}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          error={mismatch ? MESSAGES.PASSWORD_MISMATCH : undefined}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Button type="submit" variant="primary" block loading={status === 'submitting'}>
          Activate account
        </Button>
      </form>
    </PageLayout>
  );
}
