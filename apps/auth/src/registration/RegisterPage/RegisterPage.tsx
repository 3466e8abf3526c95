import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Link, Text } from '@primer/react';
import { MESSAGES } from '@tessera/domain';
import { followLink, FormError, FullPageSpinner, PageLayout, TextField } from '@tessera/ui';
import { registrationActions, registrationSelectors } from '../registration.slice';

/**
 * `/register` (admin-console §2.1; issue 13): where the tenant of this address allows it, the visitor's
 * e-mail address is sent (`VerifyRegistrationEmail {tenantId}`, signin §7) and a link to finish
 * registering is mailed; a failure reads 'Failed to verify email: {detail}' (signin §8).
 */
export function RegisterPage() {
  const dispatch = useDispatch();
  const { status, config, errorMessage, errorField } = useSelector(registrationSelectors.select);
  const [emailAddress, setEmailAddress] = useState('');

  useEffect(() => {
    dispatch(registrationActions.configRequested());
    return () => void dispatch(registrationActions.cleared());
  }, [dispatch]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (config) dispatch(registrationActions.verifyRequested({ tenantId: config.tenantId, emailAddress: emailAddress.trim() }));
  };

  const back = (
    <Text as="p" style={{ marginTop: 16 }}>
      <Link href="/login" onClick={followLink}>
        Back to sign in
      </Link>
    </Text>
  );

  if (status === 'idle' || status === 'loadingConfig') return <FullPageSpinner label="Loading" />;
  if (status === 'closed') {
    return (
      <PageLayout title="Register" style={{ maxWidth: 420 }}>
        <FormError>{errorMessage ?? MESSAGES.REGISTRATION_CLOSED}</FormError>
        {back}
      </PageLayout>
    );
  }
  return (
    <PageLayout title="Register" style={{ maxWidth: 420 }}>
      {status === 'sent' ? (
        <Flash variant="success" role="status">
          {MESSAGES.REGISTRATION_LINK_SENT}
        </Flash>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Register">
          <FormError>{errorField === 'emailAddress' ? null : errorMessage}</FormError>
          <Text as="p">Enter your e-mail address to register with {config?.tenantName}. We will send you a link to choose your username and password.</Text>
          <TextField
            label="E-mail address"
            name="emailAddress"
            type="email"
            autoComplete="email"
            required
            value={emailAddress}
            error={errorField === 'emailAddress' ? (errorMessage ?? undefined) : undefined}
            onChange={(e) => setEmailAddress(e.target.value)}
          />
          <Button type="submit" variant="primary" block loading={status === 'sending'}>
            Send link
          </Button>
        </form>
      )}
      {back}
    </PageLayout>
  );
}
