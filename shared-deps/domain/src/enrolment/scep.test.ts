import { ENROLMENT_MAX_BODY_BYTES, estUrl, retrieveScepChallengePath, SCEP_CHALLENGE_DEFAULT_MINUTES, SCEP_CHALLENGE_MAX_MINUTES, scepUrl } from './scep';

describe('enrolment paths and limits (issue 17)', () => {
  it('should build the SCEP and EST URLs of a template on an origin, with or without a trailing slash', () => {
    expect(scepUrl('https://pki.example.com/', 'abc')).toBe('https://pki.example.com/pki/scep/abc');
    expect(scepUrl('http://localhost:8080', 'abc')).toBe('http://localhost:8080/pki/scep/abc');
    expect(estUrl('https://pki.example.com:8443/', 't1')).toBe('https://pki.example.com:8443/.well-known/est/t1');
  });

  it('should give the console path of the one fetch of a challenge (admin-console §2.1)', () => {
    expect(retrieveScepChallengePath('1234')).toBe('/retrieveSCEPChallenge/1234');
  });

  it('should keep the default challenge validity within its maximum, and bodies small', () => {
    expect(SCEP_CHALLENGE_DEFAULT_MINUTES).toBeLessThanOrEqual(SCEP_CHALLENGE_MAX_MINUTES);
    expect(ENROLMENT_MAX_BODY_BYTES).toBe(65_536);
  });
});
