import { useState } from 'react';
import { Button, Textarea } from '@primer/react';
import type { CsvUploadStats } from '@tessera/domain';
import { FormError, PageLayout } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useAction } from '../../requests/useRequest';

/** `/identity/devices/batch` [deviceAdd]: devices from a CSV file (header row first); the upload stats and each refused row with its row and column. */
export function DevicesBatchPage() {
  const [csv, setCsv] = useState('');
  const upload = useAction<CsvUploadStats>('devices:batch', 'batchDevices');
  const stats = upload.status === 'succeeded' ? upload.data : undefined;
  return (
    <PageLayout title="Add devices from CSV">
      <IdentityNav />
      <form
        aria-label="Add devices from CSV"
        onSubmit={(e) => {
          e.preventDefault();
          upload.run(csv);
        }}
      >
        <label htmlFor="devices-csv-file">CSV file</label>{' '}
        <input id="devices-csv-file" type="file" accept=".csv,text/csv" onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)} />
        <div style={{ marginTop: 'var(--base-size-8, 8px)' }}>
          <label htmlFor="devices-csv">CSV text</label>
          <Textarea id="devices-csv" block rows={8} value={csv} onChange={(e) => setCsv(e.target.value)} placeholder="hostname,deviceType,serialNumber,ipAddress,macAddress,description" />
        </div>
        <FormError>{upload.failure?.message}</FormError>
        <Button type="submit" variant="primary" disabled={!csv.trim() || upload.status === 'loading'}>
          Upload
        </Button>
      </form>
      {stats ? (
        <section aria-label="Upload stats">
          <p>
            {stats.total} rows: {stats.created} created, {stats.failed} failed
          </p>
          {stats.errors.length ? (
            <ul aria-label="Refused rows">
              {stats.errors.map((e) => (
                <li key={`${e.row}:${e.column}`}>
                  Row {e.row}, {e.column}: {e.message}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </PageLayout>
  );
}
