import { useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Text } from '@primer/react';
import { FormError, PageLayout, RecoveryCodes, TextField } from '@tessera/ui';
import { loginActions, loginSelectors } from '../login.slice';

/**
 * The further-authentication step of `/login` (signin §4): with an enrolment, the QR code, the secret
 * and the recovery codes are shown first; then a code from the authenticator app (or a recovery code)
 * completes the sign-in. A refused code shows 'Failed to validate MFA token'.
 */
export function TotpStep() {
  const dispatch = useDispatch();
  const { qr, secret, recoveryCodes, showVerifyOTPSpinner, verifyOtpFailure, otpVerified, errorMessage } = useSelector(loginSelectors.selectLogin);
  const [passcode, setPasscode] = useState('');
  const enrolling = qr !== null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch(loginActions.otpSubmitted({ passcode }));
  };

  return (
    <PageLayout title={enrolling ? 'Set up two-factor authentication' : 'Two-factor authentication'} style={{ maxWidth: 480 }}>
      {enrolling && (
        <section aria-label="Authenticator setup" style={{ marginBottom: 24 }}>
          <Text as="p">Scan this QR code with your authenticator app, or type the secret into it.</Text>
          <img src={qr} alt="QR code for your authenticator app" width={240} height={240} />
          <Text as="p">
            Secret: <code aria-label="Secret">{secret}</code>
          </Text>
          <RecoveryCodes codes={recoveryCodes} />
        </section>
      )}
      <form onSubmit={onSubmit} noValidate aria-label="Verify code">
        <FormError onClick={() => dispatch(loginActions.hideAlerts())}>{verifyOtpFailure ? errorMessage : null}</FormError>
        {otpVerified && <Flash variant="success">Code accepted.</Flash>}
        <TextField
          label="Authentication code"
          name="passcode"
          autoComplete="one-time-code"
          autoFocus
          autoCapitalize="none"
          spellCheck={false}
          required
          value={passcode}
          onChange={(event) => {
            setPasscode(event.target.value);
            if (verifyOtpFailure) dispatch(loginActions.hideAlerts());
          }}
        />
        <Text as="p" style={{ fontSize: 12 }}>
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </Text>
        <Button type="submit" variant="primary" block loading={showVerifyOTPSpinner}>
          Verify
        </Button>
        <Button type="button" variant="invisible" block onClick={() => dispatch(loginActions.tokenCancelled())}>
          Back to sign in
        </Button>
      </form>
    </PageLayout>
  );
}
