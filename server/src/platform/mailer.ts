/**
 * Outgoing mail with nodemailer: over SMTP to `TESSERA_SMTP_URL`, or, with none configured, written
 * as `.eml` files under `<dataDir>/mail` (so a single machine works without a mail server).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';

/** One message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Options of {@link createMailer}. */
export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
}

/** The mailer of a configuration. */
export function createMailer({ smtpUrl, from, dataDir }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport: Transporter = createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const folder = path.join(dataDir, 'mail');
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(folder, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}
