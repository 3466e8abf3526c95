/**
 * Asserts that an answer or a stream's messages name no card secret (sealed keys, PUKs, management keys). PEM
 * bodies are left out of the search: their base64 can spell "puk" by chance.
 */
export function expectNoCardSecrets(value: unknown): void {
  const text = JSON.stringify(value).replace(/-----BEGIN [A-Z ]+-----[A-Za-z0-9+/=\\n\s]*-----END [A-Z ]+-----/g, '<pem>');
  expect(text).not.toMatch(/sealed|puk|management/i);
}
