import { SMTPServer } from 'smtp-server';
import { SMTP_PORT } from '../playwright.config';

/** A real SMTP listener on SMTP_PORT collecting the messages it receives (the main server mails there). */
export async function startSmtp() {
  const messages: string[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'));
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });
  return {
    messages,
    /** The `count`-th message received (1-based), waiting for it. */
    async next(count: number, timeoutMs = 15_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`no mail after ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
      return messages[count - 1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a received mail with quoted-printable undone (soft breaks and `=XX` escapes). */
export function mailText(mail: string): string {
  return mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link of a mail matching `pattern` (a path pattern after the origin). */
export function linkIn(mail: string, pattern: RegExp): string {
  const match = new RegExp(`https?://[^\\s/]+${pattern.source}`).exec(mailText(mail));
  if (!match) throw new Error(`no link matching ${pattern} in:\n${mail}`);
  return match[0];
}
