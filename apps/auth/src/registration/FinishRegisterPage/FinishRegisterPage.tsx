import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Link, Text } from '@primer/react';
import { MESSAGES, passwordRulesHint, trimUsername, validateUsername } from '@tessera/domain';
import { followLink, FormError, FullPageSpinner, PageLayout, TextField } from '@tessera/ui';
import { registrationActions, registrationSelectors } from '../registration.slice';

type Field = 'username' | 'givenName' | 'familyName' | 'password';

/**
 * `/finish-register?token=…` (admin-console §2.1; issue 13): the mailed link is checked, then the new
 * account's username (admin-console §5 rules, checked here and again by the server with the tenant's
 * pattern), names and password are sent; success sends the user to sign in.
 */
export function FinishRegisterPage({ token }: { token: string }) {
  const dispatch = useDispatch();
  const { status, link, errorMessage, errorField, passwordConfig } = useSelector(registrationSelectors.select);
  const [values, setValues] = useState<Record<Field, string>>({ username: '', givenName: '', familyName: '', password: '' });
  const [confirm, setConfirm] = useState('');
  const [localErrors, setLocalErrors] = useState<Partial<Record<Field | 'confirm', string>>>({});

  useEffect(() => {
    dispatch(registrationActions.linkCheckRequested({ token, purpose: 'register' }));
    return () => void dispatch(registrationActions.cleared());
  }, [dispatch, token]);

  const set = (field: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: Partial<Record<Field | 'confirm', string>> = {};
    const usernameProblem = validateUsername(trimUsername(values.username));
    if (usernameProblem) errors.username = usernameProblem;
    if (values.password === '') errors.password = 'Enter a password.';
    else if (values.password !== confirm) errors.confirm = MESSAGES.PASSWORD_MISMATCH;
    setLocalErrors(errors);
    if (Object.keys(errors).length > 0) return;
    dispatch(registrationActions.finishSubmitted({ token, username: trimUsername(values.username), givenName: values.givenName.trim(), familyName: values.familyName.trim(), password: values.password }));
  };

  const serverError = (field: Field) => (status === 'submitError' && errorField === field ? (errorMessage ?? undefined) : undefined);

  if (status === 'idle' || status === 'validating') return <FullPageSpinner label="Checking the link" />;
  if (status === 'linkInvalid') {
    return (
      <PageLayout title="Finish registering" style={{ maxWidth: 420 }}>
        <FormError>{MESSAGES.EMAIL_LINK_INVALID}</FormError>
        <Link href="/register" onClick={followLink}>
          Request a new link
        </Link>
      </PageLayout>
    );
  }
  if (status === 'done') {
    return (
      <PageLayout title="Finish registering" style={{ maxWidth: 420 }}>
        <Flash variant="success" role="status">
          {MESSAGES.REGISTRATION_DONE}
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
    <PageLayout title="Finish registering" style={{ maxWidth: 420 }}>
      <form onSubmit={onSubmit} noValidate aria-label="Finish registering">
        <FormError>{status === 'submitError' && !['username', 'givenName', 'familyName', 'password'].includes(errorField ?? '') ? errorMessage : null}</FormError>
        {link && <Text as="p">Your account will use the e-mail address {link.emailAddress}.</Text>}
        <TextField label="Username" name="username" autoComplete="username" required value={values.username} error={localErrors.username ?? serverError('username')} onChange={set('username')} />
        <TextField label="Given name" name="givenName" autoComplete="given-name" value={values.givenName} error={serverError('givenName')} onChange={set('givenName')} />
        <TextField label="Family name" name="familyName" autoComplete="family-name" value={values.familyName} error={serverError('familyName')} onChange={set('familyName')} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={passwordConfig ? passwordRulesHint(passwordConfig.minLength) : undefined}
          value={values.password}
          error={localErrors.password ?? serverError('password')}
          onChange={set('password')}
        />
        <TextField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          error={localErrors.confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Button type="submit" variant="primary" block loading={status === 'submitting'}>
          Create account
        </Button>
      </form>
    </PageLayout>
  );
}
