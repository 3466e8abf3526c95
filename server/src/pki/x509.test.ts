import { randomSerial } from './x509';

describe('randomSerial', () => {
  it('should give 16 positive bytes as lower-case hex with no leading zero, the form lookups use', () => {
    for (let i = 0; i < 2000; i++) expect(randomSerial()).toMatch(/^[1-7][0-9a-f]{31}$/);
  });
});
