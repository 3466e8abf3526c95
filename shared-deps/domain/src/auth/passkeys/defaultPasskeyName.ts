/** Default name of a new passkey: 'Passkey' plus the date (signin §9), as YYYY-MM-DD in local time. */
export function defaultPasskeyName(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Passkey ${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
