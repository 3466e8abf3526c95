import {
  API_KEY_LIMITS,
  apiKeyExpiryProblem,
  apiKeyNameProblem,
  apiKeyPermissionMessage,
  apiKeyPermissionProblem,
  formatApiKey,
  grantableApiKeyPermissions,
  isApiKeyExpired,
  parseApiKey,
  parseApiKeyExpiry,
} from './apiKeys';
import { ALL_PERMISSIONS } from '../identity/permissions';

const SECRET = 'A'.repeat(21) + '_-' + 'z'.repeat(20);

describe('API key token format', () => {
  it('should parse a key it formatted', () => {
    const token = formatApiKey('0123456789abcdef', SECRET);
    expect(token.startsWith('tsk_')).toBe(true);
    expect(parseApiKey(token)).toEqual({ keyId: '0123456789abcdef', secret: SECRET });
  });
  it.each(['', 'tsk_', 'tsk_0123456789abcdef', `tsk_0123456789ABCDEF_${SECRET}`, `xyz_0123456789abcdef_${SECRET}`, `tsk_0123456789abcdef_${SECRET}x`, `tsk_0123456789abcdef_${SECRET.slice(1)}=`])(
    'should reject the malformed key %j',
    (token) => {
      expect(parseApiKey(token)).toBeNull();
    },
  );
});

describe('API key name', () => {
  it('should accept a name of 1 to 64 characters', () => {
    expect(apiKeyNameProblem('c')).toBeNull();
    expect(apiKeyNameProblem('x'.repeat(API_KEY_LIMITS.nameMaxLength))).toBeNull();
  });
  it('should reject empty, padded, too long and control-character names', () => {
    expect(apiKeyNameProblem('  ')).toBe('must not be empty');
    expect(apiKeyNameProblem(' ci')).toBe('must not start or end with spaces');
    expect(apiKeyNameProblem('x'.repeat(65))).toBe('must be at most 64 characters');
    expect(apiKeyNameProblem('a\u0007b')).toBe('must not contain control characters');
  });
});

describe('API key expiry', () => {
  it('should read days, weeks, years and bare numbers', () => {
    expect(parseApiKeyExpiry('30d')).toBe(30);
    expect(parseApiKeyExpiry('2w')).toBe(14);
    expect(parseApiKeyExpiry('1y')).toBe(365);
    expect(parseApiKeyExpiry('45')).toBe(45);
    expect(parseApiKeyExpiry('30m')).toBeNull();
    expect(parseApiKeyExpiry('-1d')).toBeNull();
  });
  it('should refuse lifetimes outside 1 to 365 days', () => {
    expect(apiKeyExpiryProblem(1)).toBeNull();
    expect(apiKeyExpiryProblem(365)).toBeNull();
    expect(apiKeyExpiryProblem(0)).toMatch(/from 1 to 365/);
    expect(apiKeyExpiryProblem(366)).toMatch(/from 1 to 365/);
    expect(apiKeyExpiryProblem(1.5)).toMatch(/whole number/);
  });
  it('should treat a key as expired from its expiry instant on', () => {
    const key = { expiresAt: '2030-01-01T00:00:00.000Z' };
    expect(isApiKeyExpired(key, Date.parse('2029-12-31T23:59:59.999Z'))).toBe(false);
    expect(isApiKeyExpired(key, Date.parse('2030-01-01T00:00:00.000Z'))).toBe(true);
  });
});

describe('API key permissions', () => {
  const known = ALL_PERMISSIONS;
  it('should know the API key permissions', () => {
    expect(known).toContain('apiKeyView');
    expect(known).toContain('apiKeyManage');
  });
  it('should accept a subset of what the creator holds', () => {
    expect(apiKeyPermissionProblem({ requested: ['ticketView'], held: ['ticketView', 'ticketAdd'], known })).toBeNull();
  });
  it('should reject an empty set, unknown names, key management and permissions not held', () => {
    expect(apiKeyPermissionProblem({ requested: [], held: ['ticketView'], known })).toEqual({ kind: 'empty' });
    expect(apiKeyPermissionProblem({ requested: ['nope'], held: ['nope'], known })).toEqual({ kind: 'unknown', permissions: ['nope'] });
    expect(apiKeyPermissionProblem({ requested: ['apiKeyManage'], held: ['apiKeyManage'], known })).toEqual({ kind: 'ungrantable', permissions: ['apiKeyManage'] });
    const notHeld = apiKeyPermissionProblem({ requested: ['ticketView', 'userEdit'], held: ['ticketView'], known });
    expect(notHeld).toEqual({ kind: 'notHeld', permissions: ['userEdit'] });
    expect(apiKeyPermissionMessage(notHeld!)).toBe('includes permissions you do not hold: userEdit');
  });
  it('should offer what the creator holds minus key management, sorted', () => {
    expect(grantableApiKeyPermissions(['ticketView', 'apiKeyManage', 'audit', 'ticketView'])).toEqual(['audit', 'ticketView']);
  });
});
