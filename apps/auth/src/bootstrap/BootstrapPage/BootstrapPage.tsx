import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Link, Text } from '@primer/react';
import type { BootstrapRequest } from '@tessera/domain';
import { followLink, FormError, FullPageSpinner, PageLayout, TextField } from '@tessera/ui';
import { bootstrapActions, bootstrapSelectors } from '../bootstrap.slice';
import { validateBootstrapForm, type BootstrapField } from '../validateBootstrapForm';

const EMPTY: BootstrapRequest = { tenantName: '', username: '', password: '', emailAddress: '' };

/**
 * `/bootstrapmode`, the first-run screen (ARCHITECTURE "First run"): the first tenant and its
 * administrator. Field errors show under their fields; after setup the administrator is signed in.
 * Once setup is done the screen says so and links to sign-in.
 */
export function BootstrapPage() {
  const dispatch = useDispatch();
  const { status, fieldErrors, errorMessage } = useSelector(bootstrapSelectors.selectBootstrap);
  const [values, setValues] = useState<BootstrapRequest>(EMPTY);

  useEffect(() => {
    dispatch(bootstrapActions.statusRequested());
  }, [dispatch]);

  const set = (field: BootstrapField) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validateBootstrapForm(values);
    if (Object.keys(errors).length > 0) dispatch(bootstrapActions.fieldErrorsFound(errors));
    else dispatch(bootstrapActions.setupRequested({ ...values, tenantName: values.tenantName.trim(), username: values.username.trim(), emailAddress: values.emailAddress.trim() }));
  };

  if (status === 'idle' || status === 'checking') return <FullPageSpinner />;

  if (status === 'done') {
    return (
      <PageLayout title="Set up Tessera">
        <Text as="p">Setup is complete.</Text>
        <Link href="/login" onClick={followLink}>
          Sign in
        </Link>
      </PageLayout>
    );
  }

  const busy = status === 'submitting' || status === 'signingIn';
  return (
    <PageLayout title="Set up Tessera" style={{ maxWidth: 480 }}>
      <Text as="p">Create the first tenant and its administrator.</Text>
      <form onSubmit={onSubmit} noValidate aria-label="Set up Tessera">
        <FormError>{errorMessage}</FormError>
        <TextField label="Tenant name" name="tenantName" required value={values.tenantName} onChange={set('tenantName')} error={fieldErrors.tenantName} />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={values.username}
          onChange={set('username')}
          error={fieldErrors.username}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set('password')}
          error={fieldErrors.password}
        />
        <TextField
          label="E-mail address"
          name="emailAddress"
          type="email"
          autoComplete="email"
          required
          value={values.emailAddress}
          onChange={set('emailAddress')}
          error={fieldErrors.emailAddress}
        />
        <Button type="submit" variant="primary" block loading={busy}>
          Set up Tessera
        </Button>
      </form>
    </PageLayout>
  );
}
