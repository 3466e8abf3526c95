import { defaultPasskeyName } from './defaultPasskeyName';

describe('defaultPasskeyName', () => {
  it("should be 'Passkey' plus the local date", () => {
    expect(defaultPasskeyName(new Date(2026, 10, 3, 9, 30))).toBe('Passkey 2026-11-03');
  });
});
