import { validateBootstrapForm } from './validateBootstrapForm';

const valid = { tenantName: 'Acme', username: 'admin', password: 'long-enough', emailAddress: 'admin@acme.example' };

describe('validateBootstrapForm', () => {
  it('should accept a complete form', () => {
    expect(validateBootstrapForm(valid)).toEqual({});
  });

  it('should name every wrong field', () => {
    expect(validateBootstrapForm({ tenantName: ' ', username: '', password: 'short', emailAddress: 'nope' })).toEqual({
      tenantName: 'Enter a tenant name.',
      username: 'No Username entered.',
      password: 'The password must be at least 8 characters.',
      emailAddress: 'Enter an e-mail address such as name@example.com.',
    });
  });

  it('should apply the username character rules', () => {
    expect(validateBootstrapForm({ ...valid, username: 'a/b' }).username).toBe("The character '/' is not allowed in usernames.");
  });
});
