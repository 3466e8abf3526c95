import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '@primer/react';
import { APPLET_LIMITS, APPLET_MESSAGES, RESULTS_PER_PAGE, formatAid, validateAppletFields, type AppletSortKey, type SmartcardApplet } from '@tessera/domain';
import { FormError, PageLayout, PagedTable, TextField, type PagedTableColumn } from '@tessera/ui';
import { appletsActions as A, appletsSelectors } from '../applets.slice';

/** The file's bytes in base64. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * `/credentials/smartcards/applets` [smartcardManage] (issue 16, designed): the applet catalogue. Upload a CAP file
 * (the server parses it and shows its package AID, applet AIDs and version), search, sort and page the list on the
 * server, rename or describe an applet, delete it.
 */
export function AppletsPage() {
  const dispatch = useDispatch();
  const { query, applets, total, loading, saving, error, fieldError } = useSelector(appletsSelectors.selectApplets);
  const [search, setSearch] = useState(query.search);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<{ field: string; message: string } | null>(null);
  const [editing, setEditing] = useState<SmartcardApplet | null>(null);

  useEffect(() => {
    dispatch(A.loadRequested(undefined));
  }, [dispatch]);
  useEffect(() => {
    if (!saving && !fieldError) {
      setEditing(null);
    }
  }, [saving, fieldError]);

  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return setLocalError({ field: 'cap', message: APPLET_MESSAGES.APPLET_CAP_REQUIRED });
    if (file.size > APPLET_LIMITS.capMaxBytes) return setLocalError({ field: 'cap', message: APPLET_MESSAGES.APPLET_CAP_TOO_LARGE });
    const chosenName = name.trim() || file.name.replace(/\.cap$/i, '');
    const problem = validateAppletFields({ name: chosenName, description: description || null }, true);
    if (problem) return setLocalError(problem);
    setLocalError(null);
    dispatch(A.addRequested({ name: chosenName, description: description.trim() || null, fileName: file.name, cap: await base64Of(file) }));
    setName('');
    setDescription('');
  };
  const shownError = localError ?? (editing ? null : fieldError);
  const sortBy = (field: string) => dispatch(A.loadRequested({ sort: field as AppletSortKey, order: query.sort === field && query.order === 'asc' ? 'desc' : 'asc', page: 1 }));

  const columns: readonly PagedTableColumn<SmartcardApplet>[] = [
    { id: 'name', header: 'Name', sortField: 'name', cell: (a) => a.name },
    { id: 'packageAid', header: 'Package AID', sortField: 'packageAid', cell: (a) => <code>{formatAid(a.packageAid)}</code> },
    { id: 'version', header: 'Version', sortField: 'version', cell: (a) => a.version },
    { id: 'applets', header: 'Applet AIDs', cell: (a) => a.appletAids.map((aid) => <div key={aid}><code>{formatAid(aid)}</code></div>) },
    { id: 'description', header: 'Description', cell: (a) => a.description ?? '' },
    {
      id: 'actions',
      header: 'Actions',
      cell: (a) => (
        <div style={{ display: 'flex', gap: 8 }}>
          <Button size="small" onClick={() => setEditing(a)} aria-label={`Edit ${a.name}`}>
            Edit
          </Button>
          <Button
            size="small"
            variant="danger"
            aria-label={`Delete ${a.name}`}
            onClick={() => {
              if (window.confirm(APPLET_MESSAGES.APPLET_DELETE_CONFIRM)) dispatch(A.deleteRequested(a.applet_id));
            }}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <PageLayout title="Smartcard applets">
      <form aria-label="Upload a CAP file" onSubmit={(e) => void upload(e)} noValidate style={{ maxWidth: 640, marginBottom: 24 }}>
        <FormError>{shownError ? `${shownError.field}: ${shownError.message}` : null}</FormError>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 16 }}>
          <label htmlFor="applet-cap">CAP file</label>
          <input id="applet-cap" type="file" accept=".cap" onChange={(e: ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null)} />
        </div>
        <TextField label="Name" value={name} maxLength={APPLET_LIMITS.nameMaxLength} onChange={(e) => setName(e.target.value)} />
        <TextField label="Description" value={description} maxLength={APPLET_LIMITS.descriptionMaxLength} onChange={(e) => setDescription(e.target.value)} />
        <Button type="submit" variant="primary" loading={saving && !editing}>
          Upload
        </Button>
      </form>

      {editing ? <EditForm key={editing.applet_id} applet={editing} saving={saving} error={fieldError} onCancel={() => setEditing(null)} /> : null}

      <form
        role="search"
        aria-label="Search applets"
        onSubmit={(e) => {
          e.preventDefault();
          dispatch(A.loadRequested({ search, page: 1 }));
        }}
        style={{ display: 'flex', gap: 8, alignItems: 'flex-end', marginBottom: 16 }}
      >
        <TextField label="Search" value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
        <Button type="submit">Search</Button>
      </form>
      <FormError>{error}</FormError>
      <PagedTable
        label="Applets"
        columns={columns}
        rows={applets}
        rowKey={(a) => a.applet_id}
        totalResults={total}
        pageIndex={query.page - 1}
        onPageChange={(index) => dispatch(A.loadRequested({ page: index + 1 }))}
        sort={{ field: query.sort, direction: query.order }}
        onSortChange={sortBy}
        emptyText={loading ? 'Loading…' : 'No applets in the catalogue'}
      />
      <p>{total} applet{total === 1 ? '' : 's'} ({RESULTS_PER_PAGE} a page)</p>
    </PageLayout>
  );
}

function EditForm({ applet, saving, error, onCancel }: { applet: SmartcardApplet; saving: boolean; error: { field: string; message: string } | null; onCancel: () => void }) {
  const dispatch = useDispatch();
  const [name, setName] = useState(applet.name);
  const [description, setDescription] = useState(applet.description ?? '');
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = validateAppletFields({ name, description: description || null }, true);
    if (check) return setProblem(check);
    setProblem(null);
    dispatch(A.updateRequested({ applet_id: applet.applet_id, name: name.trim(), description: description.trim() || null }));
  };
  const shown = problem ?? error;
  return (
    <form aria-label={`Edit applet ${applet.name}`} onSubmit={save} noValidate style={{ maxWidth: 640, marginBottom: 24 }}>
      <FormError>{shown ? `${shown.field}: ${shown.message}` : null}</FormError>
      <TextField label="New name" value={name} maxLength={APPLET_LIMITS.nameMaxLength + 1} onChange={(e) => setName(e.target.value)} />
      <TextField label="New description" value={description} maxLength={APPLET_LIMITS.descriptionMaxLength} onChange={(e) => setDescription(e.target.value)} />
      <div style={{ display: 'flex', gap: 8 }}>
        <Button type="submit" variant="primary" loading={saving}>
          Save
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
