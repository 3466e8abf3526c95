import { dayInTimeZone, isValidTimeZone, normalisePassNumber, passValidity, timeZoneOffsetMs } from './temporaryPasses';

describe('normalisePassNumber', () => {
  it('should left-pad digits with zeros to 5 characters (admin-console §5)', () => {
    expect(normalisePassNumber('42')).toBe('00042');
    expect(normalisePassNumber(7)).toBe('00007');
    expect(normalisePassNumber(' 12345 ')).toBe('12345');
  });

  it.each([['12a'], ['abcde'], [''], ['123456'], ['-1'], ['1.5']])('should refuse %j', (raw) => {
    expect(normalisePassNumber(raw)).toBeNull();
  });
});

describe('passValidity', () => {
  it('should give the start of the day and 23:59:59 in UTC', () => {
    expect(passValidity('2026-11-23', 'UTC')).toEqual({ validDate: '2026-11-23T00:00:00.000Z', expirationDate: '2026-11-23T23:59:59.000Z' });
  });

  it("should use the tenant's time zone", () => {
    expect(passValidity('2026-11-23', 'Europe/Berlin')).toEqual({ validDate: '2026-11-22T23:00:00.000Z', expirationDate: '2026-11-23T22:59:59.000Z' });
    expect(passValidity('2026-07-01', 'America/New_York')).toEqual({ validDate: '2026-07-01T04:00:00.000Z', expirationDate: '2026-07-02T03:59:59.000Z' });
    expect(passValidity('2026-11-23', 'Pacific/Auckland')?.validDate).toBe('2026-11-22T11:00:00.000Z');
  });

  it('should land right on a daylight-saving change day', () => {
    // Europe/Berlin springs forward on 2026-03-29: the day starts at +01:00 and ends at +02:00.
    expect(passValidity('2026-03-29', 'Europe/Berlin')).toEqual({ validDate: '2026-03-28T23:00:00.000Z', expirationDate: '2026-03-29T21:59:59.000Z' });
  });

  it('should refuse dates that do not exist', () => {
    expect(passValidity('2026-02-30', 'UTC')).toBeNull();
    expect(passValidity('23/11/2026', 'UTC')).toBeNull();
  });
});

describe('time zone helpers', () => {
  it('should know real zones and the day of an instant in a zone', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(dayInTimeZone(Date.parse('2026-11-23T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-24');
    expect(timeZoneOffsetMs(Date.parse('2026-11-23T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
  });
});
