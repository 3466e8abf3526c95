import { useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Link, Text } from '@primer/react';
import { trimUsername } from '@tessera/domain';
import { FormError, PageLayout, TextField, useLocation } from '@tessera/ui';
import { loginActions, loginSelectors } from '../login.slice';
import { TotpStep } from '../TotpStep';
import { followLink } from '../../navigation/followLink';

/**
 * `/login`: username and password (signin §2, §5). The username is trimmed before it is sent; a
 * refused sign-in shows 'Check Username and Password' or the server's throttling text; after
 * sign-in the user goes to the `?redirect=` path when it is a same-origin path, else /home.
 */
export function LoginPage() {
  const dispatch = useDispatch();
  const { search } = useLocation();
  const attempting = useSelector(loginSelectors.selectAttemptingSignIn);
  const errorMessage = useSelector(loginSelectors.selectErrorMessage);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const requestingToken = useSelector(loginSelectors.selectLogin).requestingToken;
  if (requestingToken) return <TotpStep />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const redirect = new URLSearchParams(search).get('redirect');
    dispatch(loginActions.loginRequested({ username: trimUsername(username), password, redirect }));
  };

  return (
    <PageLayout title="Sign in" style={{ maxWidth: 400 }}>
      <form onSubmit={onSubmit} noValidate aria-label="Sign in">
        <FormError>{errorMessage}</FormError>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="primary" block loading={attempting}>
          Sign in
        </Button>
      </form>
      <Text as="p" style={{ marginTop: 16 }}>
        <Link href="/forgotpassword" onClick={followLink}>
          Forgot your password?
        </Link>
      </Text>
    </PageLayout>
  );
}
