import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSecretKey, parseSecretKey, SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('should round-trip a secret and never store it in clear', () => {
    const sealed = box.encrypt('JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.decrypt(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.encrypt('JBSWY3DPEHPK3PXP', 'user-1')).not.toBe(sealed);
  });

  it('should refuse another context, another key or an altered value', () => {
    const sealed = box.encrypt('secret', 'user-1');
    expect(() => box.decrypt(sealed, 'user-2')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).decrypt(sealed, 'user-1')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('x').toString('base64url');
    expect(() => box.decrypt(parts.join('.'), 'user-1')).toThrow();
  });

  it('should reject a key that is not 32 bytes', () => {
    expect(() => parseSecretKey(randomBytes(16).toString('base64'))).toThrow('TESSERA_SECRET_KEY must be 32 bytes');
    expect(parseSecretKey(randomBytes(32).toString('hex'))).toHaveLength(32);
  });

  it('should create a 0600 key file in the data directory once', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tessera-key-'));
    try {
      const a = loadSecretKey({ secretKey: null, dataDir: dir });
      const b = loadSecretKey({ secretKey: null, dataDir: dir });
      expect(a.equals(b)).toBe(true);
      expect(statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
