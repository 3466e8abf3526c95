import { useEffect, useState, type FormEvent } from 'react';
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } from '@simplewebauthn/browser';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Link, Text } from '@primer/react';
import { trimUsername } from '@tessera/domain';
import { followLink, FormError, PageLayout, TextField, useLocation } from '@tessera/ui';
import { loginActions, loginSelectors } from '../login.slice';
import { TotpStep } from '../TotpStep';
import { SmartcardSignIn } from '../smartcard';

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
  const { requestingToken, passkeyCeremony, passkeyCeremonyAborted } = useSelector(loginSelectors.selectLogin);
  const redirectParam = () => new URLSearchParams(search).get('redirect');

  // Conditional UI (signin §4): passkeys offered in the username field's autofill.
  useEffect(() => {
    let live = true;
    void browserSupportsWebAuthnAutofill()
      .catch(() => false)
      .then((supported) => {
        if (live && supported) dispatch(loginActions.passkeySignInRequested({ conditional: true, redirect: new URLSearchParams(window.location.search).get('redirect') }));
      });
    return () => {
      live = false;
      // Signed in or gone elsewhere: a pending passkey request must not block the next one.
      dispatch(loginActions.loginPageLeft());
    };
  }, [dispatch]);

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
          autoComplete="username webauthn"
          autoFocus
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
      {browserSupportsWebAuthn() && (
        <Button
          type="button"
          block
          style={{ marginTop: 8 }}
          onClick={() => dispatch(loginActions.passkeySignInRequested({ conditional: false, redirect: redirectParam() }))}
        >
          Use a passkey
        </Button>
      )}
      <SmartcardSignIn />
      {passkeyCeremony === 'modal' && (
        <Text as="p" role="status" style={{ fontSize: 12 }}>
          Waiting for your passkey…
        </Text>
      )}
      {passkeyCeremonyAborted && (
        <Text as="p" role="status" style={{ fontSize: 12, color: 'var(--fgColor-muted, #59636e)' }}>
          The previous passkey request was cancelled.
        </Text>
      )}
      <Text as="p" style={{ marginTop: 16 }}>
        <Link href="/forgotpassword" onClick={followLink}>
          Forgot your password?
        </Link>
      </Text>
    </PageLayout>
  );
}
