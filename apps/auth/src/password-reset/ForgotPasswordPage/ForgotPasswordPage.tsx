import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Link, Text } from '@primer/react';
import { MESSAGES } from '@tessera/domain';
import { followLink, FormError, PageLayout, TextField } from '@tessera/ui';
import { passwordResetActions, passwordResetSelectors } from '../passwordReset.slice';

/**
 * `/forgotpassword` (admin-console §2.1, §4): the user's e-mail address; the answer is the same
 * whether or not an account has it ("request sent").
 */
export function ForgotPasswordPage() {
  const dispatch = useDispatch();
  const { status, errorMessage } = useSelector(passwordResetSelectors.select);
  const [emailAddress, setEmailAddress] = useState('');
  useEffect(() => () => void dispatch(passwordResetActions.cleared()), [dispatch]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch(passwordResetActions.resetLinkRequested({ emailAddress: emailAddress.trim() }));
  };

  return (
    <PageLayout title="Forgot password" style={{ maxWidth: 420 }}>
      {status === 'requestSent' ? (
        <Flash variant="success" role="status">
          {MESSAGES.RESET_REQUEST_SENT}
        </Flash>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Forgot password">
          <FormError>{errorMessage}</FormError>
          <Text as="p">Enter the e-mail address of your account. We will send you a link to choose a new password.</Text>
          <TextField label="E-mail address" name="emailAddress" type="email" autoComplete="email" required value={emailAddress} onChange={(e) => setEmailAddress(e.target.value)} />
          <Button type="submit" variant="primary" block loading={status === 'sending'}>
            Send reset link
          </Button>
        </form>
      )}
      <Text as="p" style={{ marginTop: 16 }}>
        <Link href="/login" onClick={followLink}>
          Back to sign in
        </Link>
      </Text>
    </PageLayout>
  );
}
