import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createMailer } from './mailer';

describe('createMailer', () => {
  it('should write an .eml file under the data directory when no SMTP server is configured', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tessera-mail-'));
    try {
      const mailer = createMailer({ smtpUrl: null, from: 'no-reply@tessera.test', dataDir: dir });
      await mailer.send({ to: 'ann@example.test', subject: 'Hello', text: 'Body line' });
      mailer.close();
      const files = readdirSync(path.join(dir, 'mail'));
      expect(files).toHaveLength(1);
      const eml = readFileSync(path.join(dir, 'mail', files[0]!), 'utf8');
      expect(eml).toContain('To: ann@example.test');
      expect(eml).toContain('Subject: Hello');
      expect(eml).toContain('Body line');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should deliver over SMTP to TESSERA_SMTP_URL', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@tessera.test', dataDir: '/nonexistent' });
      await mailer.send({ to: 'bob@example.test', subject: 'Reset', text: 'Link here' });
      mailer.close();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Reset');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
