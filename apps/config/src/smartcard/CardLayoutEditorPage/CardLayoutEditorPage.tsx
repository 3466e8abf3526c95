import { useEffect, useState, type ChangeEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Text } from '@primer/react';
import { CARD_BARCODE_SYMBOLOGIES, CARD_USER_FIELDS, CR80_MM, type CardLayout, type CardLayoutElement, type CardLayoutSide, type CardUserData, type CardValueSource } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, TextField } from '@tessera/ui';
import { cardLayoutsActions, cardLayoutsSelectors } from '../cardLayouts.slice';
import { CardTemplateForm } from '../CardTemplateForm';

type Side = 'front' | 'back';
type SampleUser = Required<Omit<CardUserData, 'photo' | 'extensions'>>;

const FIELD_LABELS: Record<(typeof CARD_USER_FIELDS)[number], string> = {
  emailAddress: 'E-mail address',
  userName: 'Username',
  givenName: 'Given name',
  familyName: 'Family name',
  title: 'Title',
  orgOid: 'Organisation OID',
};

const NEW_ELEMENT: Record<CardLayoutElement['type'], CardLayoutElement> = {
  text: { type: 'text', source: { field: 'givenName' }, x: 5, y: 5, fontSize: 4, color: '#000000', bold: false },
  photo: { type: 'photo', x: 60, y: 5, width: 20, height: 25 },
  qr: { type: 'qr', source: { field: 'emailAddress' }, x: 5, y: 20, size: 25 },
  barcode: { type: 'barcode', symbology: 'code128', source: { field: 'userName' }, x: 5, y: 40, width: 45, height: 10 },
};

const SYMBOLOGY_LABELS: Record<(typeof CARD_BARCODE_SYMBOLOGIES)[number], string> = { code128: 'Code 128', pdf417: 'PDF417' };
const ELEMENT_NAMES: Record<CardLayoutElement['type'], string> = { text: 'text', photo: 'photo', qr: 'QR code', barcode: 'barcode' };

/** The value of a number input as a number (what is not a number is sent as typed: the server names the field). */
const asNumber = (text: string): number => (text.trim() === '' || Number.isNaN(Number(text)) ? (text as unknown as number) : Number(text));

function sourceKind(source: CardValueSource): string {
  if ('field' in source) return source.field;
  return 'extension' in source ? '@extension' : '@text';
}

/** Where a text or QR element takes its value: a user data field, an extension or fixed text. */
function SourcePicker({ label, source, onChange }: { label: string; source: CardValueSource; onChange: (source: CardValueSource) => void }) {
  const kind = sourceKind(source);
  return (
    <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
      <label>
        {label}{' '}
        <select
          value={kind}
          onChange={(e) => {
            const v = e.target.value;
            onChange(v === '@text' ? { text: 'Text' } : v === '@extension' ? { extension: 'badge' } : ({ field: v } as CardValueSource));
          }}
        >
          {CARD_USER_FIELDS.map((f) => (
            <option key={f} value={f}>
              {FIELD_LABELS[f]}
            </option>
          ))}
          <option value="@extension">Extension</option>
          <option value="@text">Fixed text</option>
        </select>
      </label>
      {'text' in source ? <input aria-label={`${label} text`} value={source.text} onChange={(e) => onChange({ text: e.target.value })} /> : null}
      {'extension' in source ? <input aria-label={`${label} extension`} value={source.extension} onChange={(e) => onChange({ extension: e.target.value })} /> : null}
    </span>
  );
}

function NumberInput({ label, value, onChange }: { label: string; value: number; onChange: (value: number) => void }) {
  return (
    <label style={{ whiteSpace: 'nowrap' }}>
      {label} <input type="number" step="0.5" style={{ width: 64 }} value={String(value)} onChange={(e) => onChange(asNumber(e.target.value))} />
    </label>
  );
}

/** One element's controls. */
function ElementEditor({ element, index, onChange, onRemove }: { element: CardLayoutElement; index: number; onChange: (e: CardLayoutElement) => void; onRemove: () => void }) {
  const name = `Element ${index + 1} (${ELEMENT_NAMES[element.type]})`;
  const num = (key: string) => (value: number) => onChange({ ...element, [key]: value } as CardLayoutElement);
  return (
    <fieldset aria-label={name} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 8 }}>
      <legend>{name}</legend>
      {element.type !== 'photo' ? <SourcePicker label="Value" source={element.source} onChange={(source) => onChange({ ...element, source })} /> : null}
      <NumberInput label="X (mm)" value={element.x} onChange={num('x')} />
      <NumberInput label="Y (mm)" value={element.y} onChange={num('y')} />
      {element.type === 'text' ? (
        <>
          <NumberInput label="Font size (mm)" value={element.fontSize} onChange={num('fontSize')} />
          <label>
            Colour <input type="color" value={element.color} onChange={(e) => onChange({ ...element, color: e.target.value })} />
          </label>
          <label>
            <input type="checkbox" checked={element.bold} onChange={(e) => onChange({ ...element, bold: e.target.checked })} /> Bold
          </label>
        </>
      ) : null}
      {element.type === 'photo' ? (
        <>
          <NumberInput label="Width (mm)" value={element.width} onChange={num('width')} />
          <NumberInput label="Height (mm)" value={element.height} onChange={num('height')} />
        </>
      ) : null}
      {element.type === 'qr' ? <NumberInput label="Size (mm)" value={element.size} onChange={num('size')} /> : null}
      {element.type === 'barcode' ? (
        <>
          <label>
            Symbology{' '}
            <select value={element.symbology} onChange={(e) => onChange({ ...element, symbology: e.target.value as typeof element.symbology })}>
              {CARD_BARCODE_SYMBOLOGIES.map((b) => (
                <option key={b} value={b}>
                  {SYMBOLOGY_LABELS[b]}
                </option>
              ))}
            </select>
          </label>
          <NumberInput label="Width (mm)" value={element.width} onChange={num('width')} />
          <NumberInput label="Height (mm)" value={element.height} onChange={num('height')} />
        </>
      ) : null}
      <Button size="small" variant="danger" onClick={onRemove}>
        Remove
      </Button>
    </fieldset>
  );
}

type Tab = 'template' | 'layout';

/**
 * `/config/smartcard/edit/{smartcardConfigID}` [smartcardManage] (admin-console §2.2; issues 15 and 16): the whole
 * card template, in two tabs: its name, PIV slots and PIN rules (PUT CardTemplate), and its layout.
 */
export function CardLayoutEditorPage({ templateId }: { templateId: string }) {
  const dispatch = useDispatch();
  const { template, templateError, updating, updateError, certificateTemplateNames } = useSelector(cardLayoutsSelectors.select);
  const [tab, setTab] = useState<Tab>('template');
  useEffect(() => {
    dispatch(cardLayoutsActions.editorShown(templateId));
    dispatch(cardLayoutsActions.formShown());
  }, [dispatch, templateId]);
  const shown = template && template.cardTemplateId === templateId ? template : null;
  return (
    <PageLayout title={shown ? `Card template ${shown.name}` : 'Card template'}>
      <div role="tablist" aria-label="Card template" style={{ display: 'flex', gap: 8, marginBottom: 16, borderBottom: '1px solid #d0d7de' }}>
        {(['template', 'layout'] as const).map((t) => (
          <Button key={t} role="tab" id={`tab-${t}`} aria-selected={tab === t} aria-controls={`panel-${t}`} variant={tab === t ? 'primary' : 'invisible'} onClick={() => setTab(t)}>
            {t === 'template' ? 'Slots and PIN rules' : 'Layout'}
          </Button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'template' ? (
          templateError ? (
            <FormError>{templateError}</FormError>
          ) : shown ? (
            <CardTemplateForm
              label="Card template"
              submitLabel="Save template"
              template={shown}
              busy={updating}
              serverError={updateError}
              certificateTemplateNames={certificateTemplateNames}
              onSubmit={(input) => dispatch(cardLayoutsActions.updateRequested(input))}
            />
          ) : (
            <FullPageSpinner />
          )
        ) : (
          <CardLayoutEditor />
        )}
      </div>
    </PageLayout>
  );
}

/**
 * The layout tab (issue 16): the template's layout, front and back, on the CR80 card (mm), with a live preview that
 * is the server's own PNG of the draft with a sample user's data (CardLayoutCompressedUserData), and printing on a
 * printer of the CMS Client. The page loads the layout (`editorShown`).
 */
function CardLayoutEditor() {
  const dispatch = useDispatch();
  const state = useSelector(cardLayoutsSelectors.select);
  const { layout, loadError, preview, previewError, saving, saveError, printers, printersError, printing, printedCardId } = state;
  const [draft, setDraft] = useState<CardLayout | null>(null);
  const [side, setSide] = useState<Side>('front');
  const [user, setUser] = useState<SampleUser>({ emailAddress: 'ada@example.com', userName: 'ada', givenName: 'Ada', familyName: 'Lovelace', title: 'Engineer', orgOid: '' });
  const [printer, setPrinter] = useState('');
  const [cardSerial, setCardSerial] = useState('');
  const [username, setUsername] = useState('');

  useEffect(() => {
    if (layout) setDraft(layout);
  }, [layout]);
  useEffect(() => {
    if (printers && printers.length > 0 && !printer) setPrinter(printers[0]!.name);
  }, [printers, printer]);
  // Every change of the draft or the sample user asks the server for the pixels (the epic debounces).
  useEffect(() => {
    if (draft) dispatch(cardLayoutsActions.previewRequested({ layout: draft, userData: user }));
  }, [dispatch, draft, user]);

  if (loadError) return <FormError>{loadError}</FormError>;
  if (!draft) return <FullPageSpinner />;

  const current = draft[side];
  const setSideValue = (next: CardLayoutSide) => setDraft({ ...draft, [side]: next });
  const setElement = (index: number, element: CardLayoutElement) => setSideValue({ ...current, elements: current.elements.map((e, i) => (i === index ? element : e)) });
  const onImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setSideValue({ ...current, background: { ...current.background, image: String(reader.result) } });
    reader.readAsDataURL(file);
  };
  const changed = JSON.stringify(draft) !== JSON.stringify(layout);
  const width = 428; // 5 px a mm
  const height = Math.round((width * CR80_MM.height) / CR80_MM.width);

  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }}>
        <section aria-label="Layout" style={{ flex: '1 1 420px' }}>
          <div role="group" aria-label="Side" style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
            {(['front', 'back'] as const).map((s) => (
              <Button key={s} aria-pressed={side === s} variant={side === s ? 'primary' : 'default'} onClick={() => setSide(s)}>
                {s === 'front' ? 'Front' : 'Back'}
              </Button>
            ))}
          </div>
          <TextField label="Background colour" name="backgroundColour" value={current.background.color} onChange={(e) => setSideValue({ ...current, background: { ...current.background, color: e.target.value } })} />
          <div style={{ marginBottom: 12 }}>
            <label>
              Background image <input type="file" accept="image/png,image/jpeg" onChange={onImage} />
            </label>
            {current.background.image ? (
              <Button size="small" onClick={() => setSideValue({ ...current, background: { ...current.background, image: null } })}>
                Remove image
              </Button>
            ) : null}
          </div>
          {current.elements.map((element, index) => (
            <ElementEditor key={index} element={element} index={index} onChange={(e) => setElement(index, e)} onRemove={() => setSideValue({ ...current, elements: current.elements.filter((_, i) => i !== index) })} />
          ))}
          <div style={{ display: 'flex', gap: 8, margin: '12px 0' }}>
            <Button onClick={() => setSideValue({ ...current, elements: [...current.elements, NEW_ELEMENT.text] })}>Add text</Button>
            <Button onClick={() => setSideValue({ ...current, elements: [...current.elements, NEW_ELEMENT.photo] })}>Add photo</Button>
            <Button onClick={() => setSideValue({ ...current, elements: [...current.elements, NEW_ELEMENT.qr] })}>Add QR code</Button>
            <Button onClick={() => setSideValue({ ...current, elements: [...current.elements, NEW_ELEMENT.barcode] })}>Add barcode</Button>
          </div>
          <FormError>{saveError ? saveError.message : null}</FormError>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Button variant="primary" loading={saving} disabled={!changed} onClick={() => dispatch(cardLayoutsActions.saveRequested(draft))}>
              Save layout
            </Button>
            <Button disabled={!changed || saving} onClick={() => layout && setDraft(layout)}>
              Reset
            </Button>
          </div>
        </section>
        <section aria-label="Preview" style={{ flex: '0 1 440px' }}>
          <Text as="h2" style={{ fontSize: 16 }}>
            Preview
          </Text>
          {previewError ? <FormError>{previewError.message}</FormError> : null}
          {preview ? (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
              <img data-testid="card-preview-front" alt="Card front preview" src={preview.front} width={width} height={height} style={{ border: '1px solid #d0d7de', borderRadius: 12 }} />
              <img data-testid="card-preview-back" alt="Card back preview" src={preview.back} width={width} height={height} style={{ border: '1px solid #d0d7de', borderRadius: 12 }} />
            </div>
          ) : (
            <Text as="p">Rendering…</Text>
          )}
          <fieldset aria-label="Sample user" style={{ marginTop: 12 }}>
            <legend>Sample user</legend>
            {CARD_USER_FIELDS.map((f) => (
              <TextField key={f} label={FIELD_LABELS[f]} name={`sample-${f}`} value={user[f]} onChange={(e) => setUser({ ...user, [f]: e.target.value })} />
            ))}
          </fieldset>
          <fieldset aria-label="Print" style={{ marginTop: 12 }}>
            <legend>Print a card</legend>
            {printersError ? <FormError>{printersError}</FormError> : null}
            <label style={{ display: 'block', marginBottom: 8 }}>
              Printer{' '}
              <select value={printer} onChange={(e) => setPrinter(e.target.value)}>
                {(printers ?? []).map((p) => (
                  <option key={p.name}>{p.name}</option>
                ))}
              </select>
            </label>
            <TextField label="Card serial" name="cardSerial" value={cardSerial} onChange={(e) => setCardSerial(e.target.value)} />
            <TextField label="User (username)" name="printUser" value={username} onChange={(e) => setUsername(e.target.value)} hint="The card is printed with this user's data and the saved layout." />
            <div style={{ display: 'flex', gap: 8 }}>
              <Button disabled={!printer || printing !== null} onClick={() => dispatch(cardLayoutsActions.insertRequested({ printer }))}>
                Insert card
              </Button>
              <Button variant="primary" disabled={!printer || !cardSerial || !username || printing !== null} loading={printing === 'print'} onClick={() => dispatch(cardLayoutsActions.printRequested({ printer, cardSerial, username }))}>
                Print card
              </Button>
              <Button disabled={!printer || printing !== null} onClick={() => dispatch(cardLayoutsActions.ejectRequested({ printer }))}>
                Eject card
              </Button>
            </div>
            {printedCardId ? (
              <Text as="p" data-testid="printed-card-id">
                Printed card {printedCardId}
              </Text>
            ) : null}
          </fieldset>
        </section>
      </div>
    </>
  );
}
