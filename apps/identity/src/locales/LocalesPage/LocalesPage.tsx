import { useEffect, useState } from 'react';
import { Button, Heading, Select } from '@primer/react';
import { LOCALE_LEVELS, childLevelOf, parentLevelOf, type Locale, type LocaleLevel } from '@tessera/domain';
import { FormError, PageLayout, TextField, followLink, navigate } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import type { IdentityPageProps } from '../../pages';
import { useAction, useLoad } from '../../requests/useRequest';

const CREATE_TOAST = { title: 'Locations', success: 'Location added' };
const RENAME_TOAST = { title: 'Locations', success: 'Location renamed' };
const DELETE_TOAST = { title: 'Locations', success: 'Location deleted' };

function Tree({ locales, parentId, selected }: { locales: readonly Locale[]; parentId: string; selected: string }) {
  const children = locales.filter((l) => l.parentId === parentId);
  if (children.length === 0) return null;
  return (
    <ul>
      {children.map((l) => (
        <li key={l.id}>
          <a href={`/config/locations/${encodeURIComponent(l.id)}`} onClick={followLink} aria-current={l.id === selected ? 'page' : undefined}>
            {l.name}
          </a>{' '}
          <span style={{ color: 'var(--fgColor-muted, #59636e)' }}>({l.level})</span>
          <Tree locales={locales} parentId={l.id} selected={selected} />
        </li>
      ))}
    </ul>
  );
}

/** Rename and delete the chosen locale. */
function LocaleDetail({ locale, onChanged }: { locale: Locale; onChanged: () => void }) {
  const [name, setName] = useState(locale.name);
  const rename = useAction<Locale>('locales:rename', 'renameLocale', RENAME_TOAST);
  const remove = useAction<void>('locales:delete', 'deleteLocale', DELETE_TOAST);
  useEffect(() => setName(locale.name), [locale.name]);
  useEffect(() => {
    if (rename.successes > 0) onChanged();
  }, [rename.successes, onChanged]);
  useEffect(() => {
    if (remove.successes > 0) {
      onChanged();
      navigate('/config/locations');
    }
  }, [remove.successes, onChanged]);
  return (
    <section aria-label={`Location ${locale.name}`} style={{ marginTop: 'var(--base-size-24, 24px)' }}>
      <Heading as="h2" style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
        {locale.name} ({locale.level})
      </Heading>
      <form
        aria-label="Rename location"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          rename.run({ id: locale.id, name: name.trim() });
        }}
      >
        <TextField label="New name" value={name} onChange={(e) => setName(e.target.value)} error={rename.failure?.message} />
        <span style={{ display: 'flex', gap: 'var(--base-size-8, 8px)' }}>
          <Button type="submit">Rename</Button>
          <Button type="button" variant="danger" onClick={() => remove.run(locale.id)}>
            Delete
          </Button>
        </span>
      </form>
      <FormError style={{ marginTop: 'var(--base-size-8, 8px)' }}>{remove.failure?.message}</FormError>
    </section>
  );
}

/**
 * `/config/locations/{id?}` [configureTeSA]: the locales on their four levels (admin-console §3: location >
 * sublocation > area > room) as a tree; add one under a parent of the level above; rename or delete (only
 * one holding none) the chosen one.
 */
export function LocalesPage({ params }: IdentityPageProps) {
  const selected = params.id ?? '';
  const locales = useLoad<Locale[]>('locales:list', 'listLocales', []);
  const create = useAction<Locale>('locales:create', 'createLocale', CREATE_TOAST);
  const chosen = locales.data?.find((l) => l.id === selected);
  const [level, setLevel] = useState<LocaleLevel>(chosen ? (childLevelOf(chosen.level) ?? 'location') : 'location');
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState(selected);
  const { reload } = locales;
  useEffect(() => {
    if (create.successes > 0) {
      setName('');
      reload();
    }
  }, [create.successes, reload]);
  const parentLevel = parentLevelOf(level);
  const parents = (locales.data ?? []).filter((l) => l.level === parentLevel);
  const parent = parents.some((p) => p.id === parentId) ? parentId : (parents[0]?.id ?? '');
  const onField = (field: string) => (create.failure?.field === field ? create.failure.message : null);
  return (
    <PageLayout title="Locations">
      <IdentityNav />
      <FormError>{locales.failure?.message}</FormError>
      <form
        aria-label="Add location"
        noValidate
        style={{ marginBottom: 'var(--base-size-24, 24px)' }}
        onSubmit={(e) => {
          e.preventDefault();
          create.run({ level, name: name.trim(), ...(parentLevel ? { parentId: parent } : {}) });
        }}
      >
        <FormError>{create.failure && !['name', 'level', 'parentId'].includes(create.failure.field ?? '') ? create.failure.message : null}</FormError>
        <label htmlFor="locale-level">Level</label>
        <Select id="locale-level" block value={level} onChange={(e) => setLevel(e.target.value as LocaleLevel)}>
          {LOCALE_LEVELS.map((l) => (
            <Select.Option key={l} value={l}>
              {l}
            </Select.Option>
          ))}
        </Select>
        {parentLevel ? (
          <>
            <label htmlFor="locale-parent">Parent ({parentLevel})</label>
            <Select id="locale-parent" block value={parent} onChange={(e) => setParentId(e.target.value)}>
              {parents.map((p) => (
                <Select.Option key={p.id} value={p.id}>
                  {p.name}
                </Select.Option>
              ))}
            </Select>
            {onField('parentId') ? <p role="alert">{onField('parentId')}</p> : null}
          </>
        ) : null}
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={onField('name')} />
        <Button type="submit" variant="primary" disabled={create.status === 'loading'}>
          Add location
        </Button>
      </form>
      <nav aria-label="Location tree">{(locales.data ?? []).length === 0 ? <p>{locales.status === 'loading' ? 'Loading…' : 'No locations'}</p> : <Tree locales={locales.data ?? []} parentId="" selected={selected} />}</nav>
      {chosen ? <LocaleDetail locale={chosen} onChanged={reload} /> : selected && locales.status === 'succeeded' ? <FormError>Location not found</FormError> : null}
    </PageLayout>
  );
}
