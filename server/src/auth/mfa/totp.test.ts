import { TOTP, Secret } from 'otpauth';
import { looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, totpOf, verifyTotp } from './totp';

describe('verifyTotp', () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 10, 23, 12, 0, 10);
  const code = (at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

  it('should accept the current code and tell its step', () => {
    const result = verifyTotp({ secret, token: code(now), now, lastUsedStep: null });
    expect(result).toEqual({ ok: true, step: Math.floor(now / 30000) });
  });

  it('should accept one step of clock skew and refuse two', () => {
    expect(verifyTotp({ secret, token: code(now - 30000), now, lastUsedStep: null }).ok).toBe(true);
    expect(verifyTotp({ secret, token: code(now + 30000), now, lastUsedStep: null }).ok).toBe(true);
    expect(verifyTotp({ secret, token: code(now - 90000), now, lastUsedStep: null })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('should refuse a replayed code and an earlier one', () => {
    const step = Math.floor(now / 30000);
    expect(verifyTotp({ secret, token: code(now), now, lastUsedStep: step })).toEqual({ ok: false, reason: 'replay' });
    expect(verifyTotp({ secret, token: code(now - 30000), now, lastUsedStep: step })).toEqual({ ok: false, reason: 'replay' });
    expect(verifyTotp({ secret, token: code(now + 30000), now, lastUsedStep: step }).ok).toBe(true);
  });

  it('should refuse anything but six digits', () => {
    expect(verifyTotp({ secret, token: `${code(now)}0`, now, lastUsedStep: null }).ok).toBe(false);
    expect(verifyTotp({ secret, token: 'abcdef', now, lastUsedStep: null }).ok).toBe(false);
  });

  it('should give an otpauth URI authenticator apps read', () => {
    expect(totpOf(secret, 'Tessera (Acme)', 'alice').toString()).toMatch(/^otpauth:\/\/totp\/Tessera%20\(Acme\):alice\?issuer=Tessera%20\(Acme\)&secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/);
  });
});

describe('recovery codes', () => {
  it('should make ten distinct codes that normalise and are told apart from TOTP codes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) {
      expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(looksLikeRecoveryCode(c.toUpperCase())).toBe(true);
    }
    expect(normaliseRecoveryCode(' ABCDE-fghij ')).toBe('abcdefghij');
    expect(looksLikeRecoveryCode('123456')).toBe(false);
  });
});
