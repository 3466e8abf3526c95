import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Link, Text } from '@primer/react';
import { MESSAGES, passwordRulesHint } from '@tessera/domain';
import { followLink, FormError, FullPageSpinner, PageLayout, TextField } from '@tessera/ui';
import { passwordResetActions, passwordResetSelectors } from '../passwordReset.slice';

/**
 * `/forgotpassword/{token}` (admin-console §2.1, §4): the link is validated, then a new password is
 * set; success sends the user to sign in, an invalid or expired link says so.
 */
export function ResetPasswordPage({ token }: { token: string }) {
  const dispatch = useDispatch();
  const { status, username, errorMessage, errorField, passwordConfig } = useSelector(passwordResetSelectors.select);
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);

  useEffect(() => {
    dispatch(passwordResetActions.linkValidationRequested({ token }));
    return () => void dispatch(passwordResetActions.cleared());
  }, [dispatch, token]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (newPassword !== confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    dispatch(passwordResetActions.resetSubmitted({ token, newPassword }));
  };

  const signInLink = (
    <Text as="p" style={{ marginTop: 16 }}>
      <Link href="/login" onClick={followLink}>
        Sign in
      </Link>
    </Text>
  );

  if (status === 'idle' || status === 'validating') return <FullPageSpinner label="Checking the link" />;
  if (status === 'linkInvalid') {
    return (
      <PageLayout title="Reset password" style={{ maxWidth: 420 }}>
        <FormError>{MESSAGES.RESET_LINK_INVALID}</FormError>
        <Link href="/forgotpassword" onClick={followLink}>
          Request a new link
        </Link>
      </PageLayout>
    );
  }
  if (status === 'resetSuccess') {
    return (
      <PageLayout title="Reset password" style={{ maxWidth: 420 }}>
        <Flash variant="success" role="status">
          {MESSAGES.RESET_SUCCESS}
        </Flash>
        {signInLink}
      </PageLayout>
    );
  }
  return (
    <PageLayout title="Reset password" style={{ maxWidth: 420 }}>
      <form onSubmit={onSubmit} noValidate aria-label="Reset password">
        <FormError>{status === 'resetError' && errorField !== 'newPassword' ? errorMessage : null}</FormError>
        {username && <Text as="p">Choose a new password for {username}.</Text>}
        <input type="text" name="username" autoComplete="username" value={username ?? ''} readOnly hidden />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint={passwordConfig ? passwordRulesHint(passwordConfig.minLength) : undefined}
          value={newPassword}
          error={status === 'resetError' && errorField === 'newPassword' ? (errorMessage ?? undefined) : undefined}
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
        <Button type="submit" variant="primary" block loading={status === 'resetting'}>
          Set new password
        </Button>
      </form>
    </PageLayout>
  );
}
