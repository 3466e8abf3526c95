import { KeyOwners, UNKNOWN_KEY_TTL_MS } from './key-owners';
import type { Db } from '../../db/database';

describe('KeyOwners', () => {
  const owner = { tenantId: 't1', userId: 'u1' };
  let now = 1_000_000;
  const lookups: string[] = [];
  const owners = new KeyOwners({
    db: {} as Db,
    now: () => now,
    lookup: async (_deps, keyId) => {
      lookups.push(keyId);
      return keyId === 'known' ? owner : null;
    },
  });

  it('should look a known key id up once and keep its owner', async () => {
    expect(await owners.get('known')).toEqual(owner);
    expect(await owners.get('known')).toEqual(owner);
    expect(lookups.filter((id) => id === 'known')).toHaveLength(1);
  });

  it('should remember an unknown key id for a minute, then look again', async () => {
    expect(await owners.get('made-up')).toBeNull();
    expect(await owners.get('made-up')).toBeNull();
    expect(lookups.filter((id) => id === 'made-up')).toHaveLength(1);
    now += UNKNOWN_KEY_TTL_MS + 1;
    expect(await owners.get('made-up')).toBeNull();
    expect(lookups.filter((id) => id === 'made-up')).toHaveLength(2);
  });
});
