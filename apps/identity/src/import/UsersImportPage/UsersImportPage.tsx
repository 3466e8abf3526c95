import { useEffect, useState } from 'react';
import { Button, Flash } from '@primer/react';
import { MESSAGES, USER_CSV_COLUMNS, type UsersImportResult } from '@tessera/domain';
import { FormError, PageLayout, followLink } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useAction } from '../../requests/useRequest';

/** The file's text (FileReader: every browser, and jsdom, has it). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error(`could not read ${file.name}`));
    reader.readAsText(file);
  });
}

const TOAST = { title: 'Users', failure: true as const };

/**
 * `/identity/users/import` [userAdd] (designed path): a users CSV is checked first (the server's dry run:
 * per-row errors naming row and column), and applied only when every row is valid and the file checked is
 * the one applied. The server creates nobody when any row is bad, so a stale preview cannot slip through.
 */
export function UsersImportPage() {
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState('');
  const [checkedCsv, setCheckedCsv] = useState<string | null>(null);
  const check = useAction<UsersImportResult>('users:import:check', 'importUsers');
  const apply = useAction<UsersImportResult>('users:import:apply', 'importUsers', TOAST);
  const preview = check.status === 'succeeded' ? check.data : undefined;
  const applied = apply.status === 'succeeded' ? apply.data : undefined;
  const ready = preview !== undefined && preview.errors.length === 0 && checkedCsv === csv && !applied?.applied;
  const failure = check.failure ?? apply.failure;

  useEffect(() => {
    // A new file or edited text needs a new check.
    if (checkedCsv !== null && checkedCsv !== csv) setCheckedCsv(null);
  }, [csv, checkedCsv]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    apply.reset();
    check.reset();
    setCsv(await readText(file));
  };

  return (
    <PageLayout title="Import users">
      <IdentityNav />
      <p>
        A CSV file with a header row. Columns: {USER_CSV_COLUMNS.join(', ')} (username is required). Imported users have no password until they set one
        through the password-reset e-mail.
      </p>
      <form
        aria-label="Users CSV"
        onSubmit={(e) => {
          e.preventDefault();
          apply.reset();
          setCheckedCsv(csv);
          check.run({ csv, dryRun: true });
        }}
        style={{ display: 'grid', gap: 'var(--base-size-8, 8px)', maxWidth: 720 }}
      >
        <label htmlFor="users-csv-file">CSV file</label>
        <input id="users-csv-file" type="file" accept=".csv,text/csv" onChange={(e) => void onFile(e.target.files?.[0])} />
        <label htmlFor="users-csv-text">CSV text{fileName ? ` (from ${fileName})` : ''}</label>
        <textarea id="users-csv-text" rows={8} value={csv} onChange={(e) => setCsv(e.target.value)} spellCheck={false} style={{ fontFamily: 'monospace' }} />
        <FormError>{failure ? (failure.field ? `${failure.field}: ${failure.message}` : failure.message) : null}</FormError>
        <div style={{ display: 'flex', gap: 'var(--base-size-8, 8px)' }}>
          <Button type="submit" disabled={csv.trim() === '' || check.status === 'loading'}>
            Check file
          </Button>
          <Button variant="primary" type="button" disabled={!ready || apply.status === 'loading'} onClick={() => apply.run({ csv })}>
            {preview && ready ? `Import ${preview.valid} users` : 'Import users'}
          </Button>
        </div>
      </form>
      {check.status === 'loading' ? <p role="status">Checking the file…</p> : null}
      {applied?.applied ? (
        <Flash variant="success" role="status">
          {MESSAGES.usersImported(applied.created)}.{' '}
          <a href="/identity/users" onClick={followLink}>
            Show users
          </a>
        </Flash>
      ) : preview && checkedCsv === csv ? (
        <section aria-label="Preview">
          <p role="status">
            {preview.total} rows read, {preview.valid} valid, {preview.errors.length} with errors. {preview.errors.length > 0 ? MESSAGES.USERS_IMPORT_FIX_ROWS : MESSAGES.USERS_IMPORT_READY}
          </p>
          {preview.errors.length > 0 ? (
            <table aria-label="Rows with errors">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Column</th>
                  <th scope="col">Error</th>
                </tr>
              </thead>
              <tbody>
                {preview.errors.map((error) => (
                  <tr key={`${error.row}:${error.column}`}>
                    <td>{error.row}</td>
                    <td>{error.column}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </section>
      ) : null}
    </PageLayout>
  );
}
