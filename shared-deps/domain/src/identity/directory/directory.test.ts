import { DIRECTORY_URL_PATTERN, directoryUrlProblem, directoryUserFailed, directoryUserSucceeded } from './directory';

describe('directory URLs and user alerts', () => {
  it.each([
    ['ldap', 'ldap://dc1.example:389', null],
    ['activeDirectory', 'ldaps://dc1.example', null],
    ['ldap', 'https://graph.microsoft.com', 'must start with ldap:// or ldaps://'],
    ['entraId', 'https://graph.microsoft.com', null],
    ['entraId', 'http://127.0.0.1:4000', null],
    ['entraId', 'http://localhost:4000', null],
    ['entraId', 'http://graph.example', 'must start with https:// (the Microsoft Graph endpoint, such as https://graph.microsoft.com)'],
    ['entraId', 'ldaps://dc1.example', 'must start with https:// (the Microsoft Graph endpoint, such as https://graph.microsoft.com)'],
  ] as const)('should judge a %s URL %s', (kind, url, problem) => {
    expect(new RegExp(DIRECTORY_URL_PATTERN).test(url)).toBe(true);
    expect(directoryUrlProblem(kind, url)).toBe(problem);
  });

  it('should name the source and the action in each alert', () => {
    expect(directoryUserSucceeded('entraId', 'enabled')).toBe('The Entra ID user was successfully enabled');
    expect(directoryUserSucceeded('activeDirectory', 'deleted')).toBe('The Active Directory user was successfully deleted');
    expect(directoryUserFailed('entraId', 'created', 'a local account already has this username')).toBe('Failed to create the Entra ID user: a local account already has this username');
  });
});
