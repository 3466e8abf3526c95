import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash } from '@primer/react';
import { MESSAGES, passwordRulesHint } from '@tessera/domain';
import { FormError, PageLayout, TextField } from '@tessera/ui';
import { changePasswordActions, changePasswordSelectors } from '../changePassword.slice';

/**
 * `/self/changePassword/` [changePassword]: the current password, then the new one twice. The
 * server checks strength and the breached list and ends the user's other sessions.
 */
export function ChangePasswordPage() {
  const dispatch = useDispatch();
  const { status, errorMessage, errorField, passwordConfig } = useSelector(changePasswordSelectors.select);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  useEffect(() => {
    dispatch(changePasswordActions.pageShown());
    return () => void dispatch(changePasswordActions.cleared());
  }, [dispatch]);

  useEffect(() => {
    if (status === 'saved') {
      setCurrentPassword('');
      setNewPassword('');
      setConfirm('');
    }
  }, [status]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMismatch(newPassword !== confirm);
    if (newPassword !== confirm) return;
    dispatch(changePasswordActions.changeRequested({ currentPassword, newPassword }));
  };
  const fieldError = (field: string) => (status === 'failed' && errorField === field ? errorMessage : null);

  return (
    <PageLayout title="Change password" style={{ maxWidth: 440 }}>
      {status === 'saved' && (
        <Flash variant="success" role="status" style={{ marginBottom: 16 }}>
          {MESSAGES.PASSWORD_CHANGED}
        </Flash>
      )}
      <form onSubmit={onSubmit} noValidate aria-label="Change password">
        <FormError>{status === 'failed' && errorField !== 'currentPassword' && errorField !== 'newPassword' ? errorMessage : null}</FormError>
        <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required value={currentPassword} error={fieldError('currentPassword')} onChange={(e) => setCurrentPassword(e.target.value)} />
        <TextField label="New password" name="newPassword" type="password" autoComplete="new-password" required value={newPassword} error={fieldError('newPassword')} hint={passwordConfig ? passwordRulesHint(passwordConfig.minLength) : undefined} onChange={(e) => setNewPassword(e.target.value)} />
        <TextField label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" required value={confirm} error={mismatch ? MESSAGES.PASSWORD_MISMATCH : null} onChange={(e) => setConfirm(e.target.value)} />
        <Button type="submit" variant="primary" loading={status === 'saving'}>
          Change password
        </Button>
      </form>
    </PageLayout>
  );
}
