import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Select, Text, TextInput } from '@primer/react';
import { getSessionState } from '@tessera/bus';
import {
  GENERAL_STAGE,
  IP_STAGE,
  RATE_LIMIT_EDIT_PERMISSION,
  RATE_LIMIT_METHODS,
  RATE_LIMIT_RULE_DEFAULTS,
  RATE_LIMIT_UNLIMITED,
  TENANT_LAYER,
  type RateLimitConfig,
  type RateLimitRule,
  type RateLimitRuleStatus,
} from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout } from '@tessera/ui';
import { Sparkline } from '../Sparkline';
import { rateLimitsActions, rateLimitsSelectors } from '../rateLimits.slice';

type TextField = 'tenantId' | 'userId' | 'method' | 'endpoint';
type NumberField = 'periodSeconds' | 'rate' | 'burst' | 'maxDataBytes';
type RuleField = TextField | NumberField;

/** A rule being edited: numbers kept as typed, so the server names a bad one. */
type DraftRule = Record<RuleField, string>;
interface DraftGroup {
  layer: number;
  stage: number;
  rules: DraftRule[];
}

const FIELDS: readonly { field: RuleField; label: string }[] = [
  { field: 'tenantId', label: 'Tenant' },
  { field: 'userId', label: 'User' },
  { field: 'method', label: 'Method' },
  { field: 'endpoint', label: 'Endpoint' },
  { field: 'periodSeconds', label: 'Period (s)' },
  { field: 'rate', label: 'Rate' },
  { field: 'burst', label: 'Burst' },
  { field: 'maxDataBytes', label: 'Max body (bytes)' },
];
const NUMBER_FIELDS: readonly NumberField[] = ['periodSeconds', 'rate', 'burst', 'maxDataBytes'];

/** "Tenant layer" for layer 0, "Management layer N" otherwise (admin-console §9). */
export function layerName(layer: number): string {
  return layer === TENANT_LAYER ? 'Tenant layer (0)' : `Management layer ${layer}`;
}

/** "IP limit" for stage 0, "General limit" otherwise (admin-console §9). */
export function stageName(stage: number): string {
  return stage === IP_STAGE ? 'IP limit (stage 0)' : `General limit (stage ${stage})`;
}

function shown(field: RuleField, value: string | number): string {
  if (typeof value === 'number' && value === RATE_LIMIT_UNLIMITED) return field === 'burst' ? 'none' : 'unlimited';
  return String(value);
}

function toDraft(config: RateLimitConfig): DraftGroup[] {
  return config.layerRules.map((g) => ({
    layer: g.layer,
    stage: g.stage,
    rules: g.rules.map((r) => Object.fromEntries(FIELDS.map(({ field }) => [field, String(r[field])])) as DraftRule),
  }));
}

/** A typed number, or NaN (sent as null) so the server refuses it naming the field. */
function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

function fromDraft(groups: DraftGroup[]): RateLimitConfig {
  return {
    layerRules: groups.map((g) => ({
      layer: g.layer,
      stage: g.stage,
      rules: g.rules.map((r) => {
        const rule = { tenantId: r.tenantId, userId: r.userId, method: r.method, endpoint: r.endpoint } as RateLimitRule;
        for (const f of NUMBER_FIELDS) rule[f] = numberOf(r[f]);
        return rule;
      }),
    })),
  };
}

const newRule = (): DraftRule => Object.fromEntries(FIELDS.map(({ field }) => [field, String(RATE_LIMIT_RULE_DEFAULTS[field])])) as DraftRule;
const fieldPath = (g: number, r: number, field: RuleField) => `layerRules[${g}].rules[${r}].${field}`;
const errorStyle = { color: 'var(--fgColor-danger, #d1242f)', display: 'block' } as const;

/** The counters of one rule: allowed and refused in the last minutes, and their chart. */
function Counters({ status, name }: { status: RateLimitRuleStatus | undefined; name: string }) {
  if (!status) {
    return (
      <>
        <td>–</td>
        <td>–</td>
        <td />
      </>
    );
  }
  return (
    <>
      <td aria-label="Allowed">{status.allowed}</td>
      <td aria-label="Refused">{status.refused}</td>
      <td>
        <Sparkline minutes={status.minutes} label={`Requests per minute, ${name}`} />
      </td>
    </>
  );
}

/** One layer and stage, read-only. */
function GroupTable({ layer, stage, rules, counters }: { layer: number; stage: number; rules: RateLimitRule[]; counters: Map<string, RateLimitRuleStatus> }) {
  const title = `${layerName(layer)}, ${stageName(stage)}`;
  return (
    <section aria-label={title} style={{ marginBottom: 24 }}>
      <h3 style={{ fontSize: 16, margin: '0 0 8px' }}>{stageName(stage)}</h3>
      {rules.length === 0 ? (
        <Text as="p">No rules.</Text>
      ) : (
        <div data-table-scroll style={{ overflowX: 'auto', maxWidth: '100%' }}>
        <table aria-label={title} style={{ width: '100%', borderCollapse: 'collapse', textAlign: 'left' }} cellPadding={4}>
          <thead>
            <tr>
              {FIELDS.map(({ field, label }) => (
                <th key={field}>{label}</th>
              ))}
              <th>Allowed</th>
              <th>Refused</th>
              <th>Last 10 minutes</th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule, index) => {
              const name = `rule ${index + 1}`;
              return (
                <tr key={index} aria-label={`Rule ${index + 1}`}>
                  {FIELDS.map(({ field }) => (
                    <td key={field} style={field === 'endpoint' ? { fontFamily: 'monospace', wordBreak: 'break-all' } : undefined}>
                      {shown(field, rule[field])}
                    </td>
                  ))}
                  <Counters status={counters.get(`${layer}:${stage}:${index}`)} name={`${title}, ${name}`} />
                </tr>
              );
            })}
          </tbody>
        </table>
        </div>
      )}
    </section>
  );
}

/** The editor: every rule's fields, add and remove rules and layer/stage groups; Save replaces the whole config. */
function RulesEditor({ initial, onClose }: { initial: RateLimitConfig; onClose: () => void }) {
  const dispatch = useDispatch();
  const { saving, saveError } = useSelector(rateLimitsSelectors.select);
  const [groups, setGroups] = useState<DraftGroup[]>(() => toDraft(initial));
  const [newLayer, setNewLayer] = useState(String(TENANT_LAYER));
  const [newStage, setNewStage] = useState(String(GENERAL_STAGE));
  const [groupProblem, setGroupProblem] = useState<string | null>(null);
  const paths = useMemo(() => new Set(groups.flatMap((g, gi) => g.rules.flatMap((_, ri) => FIELDS.map(({ field }) => fieldPath(gi, ri, field))))), [groups]);
  const errorAt = (path: string) => (saveError?.field === path ? saveError.message : null);
  const formError = saveError && !paths.has(saveError.field ?? '') ? saveError.message : null;

  const update = (gi: number, change: (g: DraftGroup) => DraftGroup) => setGroups(groups.map((g, i) => (i === gi ? change(g) : g)));
  const setField = (gi: number, ri: number, field: RuleField, value: string) =>
    update(gi, (g) => ({ ...g, rules: g.rules.map((r, i) => (i === ri ? { ...r, [field]: value } : r)) }));
  const addGroup = () => {
    const layer = Number(newLayer);
    const stage = Number(newStage);
    if (groups.some((g) => g.layer === layer && g.stage === stage)) {
      setGroupProblem(`${layerName(layer)}, ${stageName(stage)} is already in the list.`);
      return;
    }
    setGroupProblem(null);
    setGroups([...groups, { layer, stage, rules: [newRule()] }].sort((a, b) => a.layer - b.layer || a.stage - b.stage));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) dispatch(rateLimitsActions.saveRequested(fromDraft(groups)));
  };
  const cancel = () => {
    dispatch(rateLimitsActions.saveErrorCleared());
    onClose();
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit rate-limit rules">
      <FormError>{formError}</FormError>
      {groups.map((g, gi) => {
        const title = `${layerName(g.layer)}, ${stageName(g.stage)}`;
        return (
          <fieldset key={`${g.layer}:${g.stage}`} aria-label={title} style={{ border: '1px solid var(--borderColor-default, #d0d7de)', borderRadius: 6, marginBottom: 16 }}>
            <legend style={{ fontWeight: 600 }}>{title}</legend>
            {g.rules.map((rule, ri) => {
              const where = `${title}, rule ${ri + 1}`;
              return (
                <div key={ri} role="group" aria-label={where} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end', padding: '6px 0', borderBottom: '1px solid var(--borderColor-muted, #d8dee4)' }}>
                  {FIELDS.map(({ field, label }) => {
                    const path = fieldPath(gi, ri, field);
                    const error = errorAt(path);
                    const id = `rl-${gi}-${ri}-${field}`;
                    const common = { id, 'aria-label': `${label}, ${where}`, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
                    return (
                      <label key={field} htmlFor={id} style={{ display: 'flex', flexDirection: 'column', fontSize: 12, minWidth: field === 'endpoint' ? 220 : 90 }}>
                        {label}
                        {field === 'method' ? (
                          <Select {...common} value={rule.method} onChange={(e) => setField(gi, ri, field, e.target.value)}>
                            {RATE_LIMIT_METHODS.map((m) => (
                              <Select.Option key={m} value={m}>
                                {m}
                              </Select.Option>
                            ))}
                          </Select>
                        ) : (
                          <TextInput {...common} size="small" validationStatus={error ? 'error' : undefined} value={rule[field]} inputMode={NUMBER_FIELDS.includes(field as NumberField) ? 'numeric' : undefined} onChange={(e) => setField(gi, ri, field, e.target.value)} />
                        )}
                        {error ? (
                          <Text id={`${id}-error`} size="small" style={errorStyle}>
                            {error}
                          </Text>
                        ) : null}
                      </label>
                    );
                  })}
                  <Button size="small" variant="danger" aria-label={`Remove ${where}`} onClick={() => update(gi, (x) => ({ ...x, rules: x.rules.filter((_, i) => i !== ri) }))}>
                    Remove
                  </Button>
                </div>
              );
            })}
            <Button size="small" style={{ marginTop: 8 }} aria-label={`Add a rule to ${title}`} onClick={() => update(gi, (x) => ({ ...x, rules: [...x.rules, newRule()] }))}>
              Add rule
            </Button>
          </fieldset>
        );
      })}
      <div role="group" aria-label="Add a layer and stage" style={{ display: 'flex', gap: 8, alignItems: 'flex-end', marginBottom: 16 }}>
        <label style={{ display: 'flex', flexDirection: 'column', fontSize: 12 }}>
          Layer
          <Select aria-label="New layer" value={newLayer} onChange={(e) => setNewLayer(e.target.value)}>
            {Array.from({ length: 10 }, (_, layer) => (
              <Select.Option key={layer} value={String(layer)}>
                {layerName(layer)}
              </Select.Option>
            ))}
          </Select>
        </label>
        <label style={{ display: 'flex', flexDirection: 'column', fontSize: 12 }}>
          Stage
          <Select aria-label="New stage" value={newStage} onChange={(e) => setNewStage(e.target.value)}>
            <Select.Option value={String(IP_STAGE)}>{stageName(IP_STAGE)}</Select.Option>
            <Select.Option value={String(GENERAL_STAGE)}>{stageName(GENERAL_STAGE)}</Select.Option>
          </Select>
        </label>
        <Button onClick={addGroup}>Add layer and stage</Button>
        {groupProblem ? (
          <Text size="small" style={errorStyle}>
            {groupProblem}
          </Text>
        ) : null}
      </div>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button type="submit" variant="primary" loading={saving}>
          Save rules
        </Button>
        <Button type="button" onClick={cancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * `/monitor/api-Rates` (admin-console §2.2, §2.3; issue 14): the rate-limit rules grouped by layer and
 * stage, with each rule's allowed and refused requests (polled) and a chart of its last minutes. Viewers
 * holding `rateLimitEdit` can edit them; a save replaces the whole config, and a refusal is shown at the
 * field the server names.
 */
export function RateLimitsPage() {
  const dispatch = useDispatch();
  const { status, config, loadError, counters, savedCount } = useSelector(rateLimitsSelectors.select);
  const session = getSessionState();
  const canEdit = session.status === 'signedIn' && session.viewer.permission.View.includes(RATE_LIMIT_EDIT_PERMISSION);
  const [editing, setEditing] = useState(false);
  const byRule = useMemo(() => new Map((counters?.rules ?? []).map((s) => [`${s.layer}:${s.stage}:${s.index}`, s])), [counters]);

  useEffect(() => {
    dispatch(rateLimitsActions.pageShown());
    return () => void dispatch(rateLimitsActions.pageLeft());
  }, [dispatch]);
  useEffect(() => {
    if (savedCount > 0) setEditing(false);
  }, [savedCount]);

  if (status === 'loadFailed') {
    return (
      <PageLayout title="API rate limits">
        <FormError>{loadError}</FormError>
      </PageLayout>
    );
  }
  if (status !== 'loaded' || !config) return <FullPageSpinner />;

  const layers = [...new Set(config.layerRules.map((g) => g.layer))];
  return (
    <PageLayout title="API rate limits">
      <Text as="p" style={{ marginTop: 0 }}>
        Every request passes the layers in order (the tenant layer, then the management layers), the IP limit before the general limit; in each, the most specific matching rule
        applies. Counts are requests allowed and refused in the last 10 minutes.
      </Text>
      {canEdit && !editing ? (
        <Button variant="primary" onClick={() => setEditing(true)} style={{ marginBottom: 16 }}>
          Edit rules
        </Button>
      ) : null}
      {!canEdit ? (
        <Text as="p" size="small" style={{ color: 'var(--fgColor-muted)' }}>
          Read only: editing needs the {RATE_LIMIT_EDIT_PERMISSION} permission.
        </Text>
      ) : null}
      {editing ? (
        <RulesEditor initial={config} onClose={() => setEditing(false)} />
      ) : layers.length === 0 ? (
        <Text as="p">No rate-limit rules.</Text>
      ) : (
        layers.map((layer) => (
          <section key={layer} aria-label={layerName(layer)}>
            <h2 style={{ fontSize: 18 }}>{layerName(layer)}</h2>
            {config.layerRules
              .filter((g) => g.layer === layer)
              .map((g) => (
                <GroupTable key={g.stage} layer={g.layer} stage={g.stage} rules={g.rules} counters={byRule} />
              ))}
          </section>
        ))
      )}
    </PageLayout>
  );
}
